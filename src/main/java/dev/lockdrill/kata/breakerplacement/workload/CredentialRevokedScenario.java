package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterFaults;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.List;
import java.util.Set;

/**
 * Six keys (three platforms, two credentials each); one credential id, "acme", is used on two
 * platforms, as a customer's id or a shared service account often is. For the middle 144 of 240
 * events github/acme is revoked (401) and notion/no-2 is refused by an auth-level 403 (its token is
 * not authorised for the organisation: GitHub's SAML SSO answer, told apart from a rate limit or
 * one refused resource only by its headers and body), then both are restored. Their events must be
 * deferred, not burned; the other four keys, including the same platform's other credential and
 * the same credential id on azure, must keep their pace.
 */
final class CredentialRevokedScenario extends EmitterScenario {
    static final List<String> KEYS = List.of("github/acme", "github/gh-2", "azure/acme", "azure/az-2",
            "notion/no-1", "notion/no-2");
    static final int EVENTS = 240;
    static final int OUTAGE_START = 48;
    static final int OUTAGE_END = 192;

    @Override
    public String name() {
        return "credential-revoked";
    }

    @Override
    public String summary() {
        return "github/acme answers 401 and notion/no-2 an auth-level 403 for 144 of 240 events (azure/acme stays fine)";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        List<Event> events = stream(name(), KEYS, EVENTS);
        long from = 0;
        long startNanos = 0;
        for (int i = 0; i < events.size(); i++) {
            if (i == OUTAGE_START) {
                rig.platform("github").revoke("acme");
                rig.platform("notion").revoke("no-2", PlatformCall.FORBIDDEN);
                from = rig.tick();
                startNanos = recorder.now();
            }
            if (i == OUTAGE_END) {
                rig.platform("github").restore("acme");
                rig.platform("notion").restore("no-2");
                recordOutage(recorder, name(), EmitterFaults.CREDENTIAL_REVOKED, Set.of("github/acme"), startNanos, from,
                        rig.tick(), "credential acme of github was revoked (401)");
                recordOutage(recorder, name(), EmitterFaults.CREDENTIAL_REVOKED, Set.of("notion/no-2"), startNanos, from,
                        rig.tick(), "credential no-2 of notion was refused (403, SAML SSO: auth-level)");
            }
            rig.emit(events.get(i));
        }
        rig.drainDeferred();
    }
}
