#!/bin/sh
# The compose file's one-shot `secrets` service (profiles scale and ops) runs this before Redis, the site's replicas or
# Grafana start: each install makes its own secrets once, on volumes, and none is in the repository or the compose
# file. Each file is readable by the one user that needs it (and root):
#   $1/redis/auth.conf          `requirepass …`, included by Redis (uid 999)
#   $1/site/redis-password      the same password, the replicas' REDIS_PASSWORD_FILE (uid 1000)
#   $1/site/form-secret         the replicas' FORM_SECRET_FILE, one for all of them (uid 1000)
#   $1/grafana/admin-password   Grafana's admin password, GF_SECURITY_ADMIN_PASSWORD__FILE (uid 472)
# FORM_SECRET or GRAFANA_ADMIN_PASSWORD set in its environment is written instead of a made one, on every run.
set -eu
root=${1:-/secrets}
umask 077

random() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# put FILE OWNER VALUE: written whole under another name, given to its reader, then renamed into place (a reader never
# sees half a file, and a file owned by its reader is replaced without reading it).
put() {
  dir=$(dirname "$1")
  mkdir -p "$dir"
  chmod 711 "$dir"
  tmp=$(mktemp "$dir/.new.XXXXXX")
  printf '%s\n' "$3" >"$tmp"
  if [ "$(id -u)" = 0 ]; then chown "$2" "$tmp"; fi
  mv "$tmp" "$1"
}

if [ ! -s "$root/redis/auth.conf" ] || [ ! -s "$root/site/redis-password" ]; then
  password=$(random)
  put "$root/site/redis-password" 1000:1000 "$password"
  put "$root/redis/auth.conf" 999:1000 "requirepass $password"
  echo "made the Redis password"
fi
if [ -n "${FORM_SECRET:-}" ] || [ ! -s "$root/site/form-secret" ]; then
  put "$root/site/form-secret" 1000:1000 "${FORM_SECRET:-$(random)}"
  echo "wrote FORM_SECRET for the replicas"
fi
if [ -n "${GRAFANA_ADMIN_PASSWORD:-}" ] || [ ! -s "$root/grafana/admin-password" ]; then
  put "$root/grafana/admin-password" 472:0 "${GRAFANA_ADMIN_PASSWORD:-$(random)}"
  echo "wrote Grafana's admin password"
fi
