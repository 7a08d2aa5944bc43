# Sourced by .ci/run: a Docker engine of CI's own, on a private socket, bridge and directories under
# one temporary folder, so nothing else on the machine (the default /var/run/docker.sock, docker0,
# /var/lib/docker) is touched. private_docker_stop ends it by PID and removes what it created.

private_docker_start() {
  PRIVATE_DOCKER_DIR=$(mktemp -d /tmp/lockdrill-docker.XXXXXX)
  local dir=$PRIVATE_DOCKER_DIR
  PRIVATE_DOCKER_BRIDGE="ldci$(printf '%05d' $(($$ % 100000)))"
  local net="10.213.$(($$ % 250 + 1))"
  ip link add name "$PRIVATE_DOCKER_BRIDGE" type bridge || return 1
  ip addr add "$net.1/24" dev "$PRIVATE_DOCKER_BRIDGE" && ip link set "$PRIVATE_DOCKER_BRIDGE" up || return 1
  mkdir -p "$dir/data" "$dir/exec"
  dockerd --host "unix://$dir/docker.sock" --data-root "$dir/data" --exec-root "$dir/exec" \
    --pidfile "$dir/dockerd.pid" --bridge "$PRIVATE_DOCKER_BRIDGE" --iptables=false --ip-forward=false \
    >"$dir/dockerd.log" 2>&1 &
  PRIVATE_DOCKERD_PID=$!
  export DOCKER_HOST="unix://$dir/docker.sock"
  local _
  for _ in $(seq 1 60); do
    "$PRIVATE_DOCKER" info >/dev/null 2>&1 && return 0
    kill -0 "$PRIVATE_DOCKERD_PID" 2>/dev/null || break
    sleep 0.5
  done
  tail -n 20 "$dir/dockerd.log" >&2
  return 1
}

# Every process whose command line names the private folder: dockerd, its containerd, shims.
private_docker_pids() {
  processes_naming "${PRIVATE_DOCKER_DIR:-}"
}

# PIDs whose command line holds the text (matched in the shell, so no filter process names it).
processes_naming() {
  [ -n "$1" ] || return 0
  local pid args
  while read -r pid args; do
    [[ "$args" != *"$1"* ]] || echo "$pid"
  done < <(ps -eo pid=,args=)
}

private_docker_stop() {
  [ -n "${PRIVATE_DOCKER_DIR:-}" ] || return 0
  if [ -n "${PRIVATE_DOCKERD_PID:-}" ] && kill -0 "$PRIVATE_DOCKERD_PID" 2>/dev/null; then
    "$PRIVATE_DOCKER" ps -q 2>/dev/null | xargs -r "$PRIVATE_DOCKER" rm -f >/dev/null 2>&1 || true
    kill -TERM "$PRIVATE_DOCKERD_PID" 2>/dev/null || true
    local _
    for _ in $(seq 1 40); do kill -0 "$PRIVATE_DOCKERD_PID" 2>/dev/null || break; sleep 0.5; done
  fi
  local pid
  for pid in $(private_docker_pids); do kill -KILL "$pid" 2>/dev/null || true; done
  [ -z "${PRIVATE_DOCKER_BRIDGE:-}" ] || ip link delete "$PRIVATE_DOCKER_BRIDGE" 2>/dev/null || true
  umount -R "$PRIVATE_DOCKER_DIR/data" 2>/dev/null || true
  rm -rf "$PRIVATE_DOCKER_DIR" 2>/dev/null || true
  PRIVATE_DOCKER_DIR=
}
