#!/usr/bin/env bash
# Installs Debian's PostgreSQL 15 server, its headers, and pgvector built from Debian's own source
# package (../shared/recipes/postgres-pgvector.md). Idempotent: a machine that has them already is
# left as it is. The test setup starts its own throwaway cluster on loopback; without this script
# (a developer's machine) the PostgreSQL suites run against PGlite instead.
set -euo pipefail
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
if [ -f /usr/share/postgresql/15/extension/vector.control ] && [ -x /usr/lib/postgresql/15/bin/initdb ]; then
  echo "== PostgreSQL 15 with pgvector: already installed"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq postgresql postgresql-server-dev-15 >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial"
uri=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources)
echo "deb-src $uri trixie main" > "$work/sources.list"
apt_options=(-o "Dir::Etc::SourceList=$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache")
apt-get "${apt_options[@]}" update -qq
(cd "$work" && apt-get "${apt_options[@]}" source -qq pgvector >/dev/null 2>&1)
make -s -C "$work"/pgvector-*/ PG_CONFIG="$PG_CONFIG" >/dev/null
make -s -C "$work"/pgvector-*/ install PG_CONFIG="$PG_CONFIG" >/dev/null
echo "== PostgreSQL 15 with pgvector: installed"
