#!/usr/bin/env bash
# Install Table Companion as a service on Raspberry Pi OS (Bookworm or later).
#
#   sudo systemd/install.sh              install or update (idempotent: run it again after a git pull)
#   sudo systemd/install.sh --uninstall  stop and remove the service and the program
#   sudo systemd/install.sh --club       the club screen instead (companion-club.service)
#   systemd/install.sh --dry-run [...]   print every step it would take, change nothing
#
# What it does (docs/pi.md explains why):
#   1. apt packages: python3-picamera2 and python3-lgpio (built against the system's numpy
#      and libcamera: they cannot come from pip), python3-venv, python3-numpy;
#   2. a system user `companion` in the gpio and video groups;
#   3. a virtual environment in PREFIX/venv created with --system-site-packages, so that it
#      sees picamera2, lgpio and the system numpy;
#   4. the project installed into it with pip, with numpy constrained to the system's
#      version: pip keeps the system numpy instead of installing a newer wheel that would
#      shadow it and break picamera2 (compiled against the system numpy's ABI);
#   5. /etc/default/table-companion (settings; never overwritten) and the unit
#      /etc/systemd/system/companion.service, enabled and (re)started;
#   6. the dashboard's address and how to read the table PIN.
# Journals are kept in /var/lib/companion, also by --uninstall.
# With --club: the club screen of docs/club.md (`companion club serve`, port 8080, its
# results in /var/lib/companion-club), no camera or GPIO packages, same program and user.
set -euo pipefail

PREFIX=/opt/table-companion
UNIT_DIR=/etc/systemd/system
DEFAULTS=/etc/default/table-companion
SERVICE=companion.service
USER_NAME=companion
STATE_DIR=/var/lib/companion
PORT=8000
APT_PACKAGES=(python3-venv python3-pip python3-numpy python3-picamera2 python3-lgpio)
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

DRY_RUN=0
UNINSTALL=0
CLUB=0
PROBLEMS=0

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  echo "Options: --dry-run, --uninstall, --club, --prefix DIR (default $PREFIX), -h/--help"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --uninstall) UNINSTALL=1 ;;
    --club) CLUB=1 ;;
    --prefix)
      [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }
      PREFIX="$2"
      shift
      ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ "$CLUB" = 1 ]; then
  SERVICE=companion-club.service
  OTHER_SERVICE=companion.service
  DEFAULTS=/etc/default/companion-club
  STATE_DIR=/var/lib/companion-club
  PORT=8080
  APT_PACKAGES=(python3-venv python3-pip python3-numpy)
else
  OTHER_SERVICE=companion-club.service
fi
VENV="$PREFIX/venv"
CONSTRAINTS="$PREFIX/constraints.txt"

STEP=0
step() {
  STEP=$((STEP + 1))
  echo "step $STEP: $*"
}

# A command as one line, each word shell-quoted where it needs it.
show() {
  local word line=""
  for word in "$@"; do
    if [[ "$word" =~ ^[A-Za-z0-9_./=:,@+%-]+$ ]]; then
      line+=" $word"
    else
      line+=" $(printf '%q' "$word")"
    fi
  done
  echo "$line"
}

# Run a command, or with --dry-run print it instead.
run() {
  if [ "$DRY_RUN" = 1 ]; then
    echo "  would run:$(show "$@")"
  else
    echo "  +$(show "$@")"
    "$@"
  fi
}

# Write stdin to a file, or with --dry-run show what would be written.
write_file() {
  local path="$1" mode="$2"
  if [ "$DRY_RUN" = 1 ]; then
    echo "  would write $path (mode $mode):"
    sed 's/^/    | /'
  else
    install -m "$mode" /dev/stdin "$path"
    echo "  wrote $path"
  fi
}

note() { echo "  $*"; }

check_command() {
  if command -v "$1" >/dev/null 2>&1; then
    note "check: $1: found ($(command -v "$1"))"
  else
    note "check: $1: MISSING ($2)"
    PROBLEMS=$((PROBLEMS + 1))
  fi
}

check_file() {
  if [ -e "$1" ]; then
    note "check: $1: present"
  else
    note "check: $1: MISSING ($2)"
    PROBLEMS=$((PROBLEMS + 1))
  fi
}

preflight() {
  step "check this machine"
  if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run it as root (sudo $0), or with --dry-run to see the steps" >&2
    exit 1
  fi
  if [ -r /proc/device-tree/model ]; then
    note "check: model: $(tr -d '\0' </proc/device-tree/model)"
  else
    note "check: model: not a Raspberry Pi (no /proc/device-tree/model); GPIO and camera will be simulated"
  fi
  check_command systemctl "systemd runs the service"
  if [ "$UNINSTALL" = 0 ]; then
    check_command apt-get "installs picamera2 and lgpio"
    check_command /usr/bin/python3 "the system Python runs the companion (python3 from apt)"
    check_command useradd "creates the service user"
    check_command usermod "adds it to the gpio and video groups"
    check_file "$SOURCE/pyproject.toml" "the project to install: run this script from a checkout"
    check_file "$SOURCE/systemd/$SERVICE" "the unit file"
    if [ -x /usr/bin/python3 ]; then
      if /usr/bin/python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        note "check: python3: $(/usr/bin/python3 -c 'import platform; print(platform.python_version())') (3.11 or later: ok)"
      else
        note "check: python3: too old, the companion needs 3.11 or later (Raspberry Pi OS Bookworm has it)"
        PROBLEMS=$((PROBLEMS + 1))
      fi
    fi
  fi
  if [ "$PROBLEMS" -gt 0 ] && [ "$DRY_RUN" = 0 ]; then
    echo "install.sh: $PROBLEMS problem(s) above; nothing changed" >&2
    exit 1
  fi
}

system_numpy() {
  /usr/bin/python3 -c 'import numpy; print(numpy.__version__)' 2>/dev/null || true
}

install_all() {
  preflight

  if [ "$CLUB" = 1 ]; then
    step "install the apt packages (the club needs no camera or GPIO)"
  else
    step "install the apt packages (picamera2 and lgpio cannot come from pip)"
  fi
  run apt-get update
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"

  if [ "$CLUB" = 1 ]; then
    step "create the service user $USER_NAME"
  else
    step "create the service user $USER_NAME in the gpio and video groups"
  fi
  if id "$USER_NAME" >/dev/null 2>&1; then
    note "already there: user $USER_NAME"
  else
    run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
      --shell /usr/sbin/nologin "$USER_NAME"
  fi
  if [ "$CLUB" = 0 ]; then
    local group
    for group in gpio video; do
      if ! getent group "$group" >/dev/null 2>&1; then
        note "group $group does not exist here (Raspberry Pi OS has it); creating it"
        run groupadd --system "$group"
      fi
    done
    run usermod --append --groups gpio,video "$USER_NAME"
  fi

  step "create the virtual environment $VENV (with the system site packages)"
  if [ -x "$VENV/bin/python" ] && grep -qs '^include-system-site-packages = true' "$VENV/pyvenv.cfg"; then
    note "already there: $VENV"
  else
    run mkdir -p "$PREFIX"
    run /usr/bin/python3 -m venv --clear --system-site-packages "$VENV"
  fi

  step "install the companion into it, keeping the system numpy"
  local numpy
  numpy="$(system_numpy)"
  if [ -z "$numpy" ]; then
    if [ "$DRY_RUN" = 1 ]; then
      numpy="SYSTEM_VERSION"
      note "the system numpy (python3-numpy) is not installed yet; the constraint will pin the version apt installs"
    else
      echo "install.sh: python3-numpy did not install; cannot pin numpy" >&2
      exit 1
    fi
  fi
  printf 'numpy==%s\n' "$numpy" | write_file "$CONSTRAINTS" 0644
  run "$VENV/bin/python" -m pip install --quiet --upgrade pip
  run "$VENV/bin/python" -m pip install --quiet --constraint "$CONSTRAINTS" "$SOURCE"

  step "settings in $DEFAULTS (kept if present)"
  if [ -e "$DEFAULTS" ]; then
    note "already there: $DEFAULTS (not overwritten)"
  elif [ "$CLUB" = 1 ]; then
    write_file "$DEFAULTS" 0644 <<EOF
# Table Companion club screen settings, read by $SERVICE (then: sudo systemctl restart companion-club).
# Options of \`companion club serve\` (docs/club.md). The broker: --mqtt mqtt://HOST for a
# plain one, or its settings with the password in $STATE_DIR/club.toml (read by default).
CLUB_ARGS="--port $PORT --mqtt mqtt://localhost"
EOF
  else
    write_file "$DEFAULTS" 0644 <<EOF
# Table Companion settings, read by $SERVICE (then: sudo systemctl restart companion).
# Options of \`companion run\`, e.g. --port 8080 --profile /var/lib/companion/scale-calibrated.toml
COMPANION_ARGS="--port $PORT"
# real: the HX711s must be there; auto: fall back to the simulation, announced on the dashboard
COMPANION_BACKEND=auto
EOF
  fi

  step "install and enable the unit $UNIT_DIR/$SERVICE"
  run install -m 0644 "$SOURCE/systemd/$SERVICE" "$UNIT_DIR/$SERVICE"
  if [ "$PREFIX" != /opt/table-companion ]; then
    run sed -i "s#/opt/table-companion#$PREFIX#g" "$UNIT_DIR/$SERVICE"
  fi
  run systemctl daemon-reload
  run systemctl enable "$SERVICE"
  run systemctl restart "$SERVICE"

  local port address
  port="$(sed -n 's/.*--port[ =]\([0-9][0-9]*\).*/\1/p' "$DEFAULTS" 2>/dev/null | head -n 1 || true)"
  address="$( (hostname -I 2>/dev/null || true) | awk '{print $1}')"
  if [ "$CLUB" = 1 ]; then
    step "where to point the club's screen"
    note "Club page: http://${address:-$(hostname).local}:${port:-$PORT}/"
    note "Results:   sudo -u $USER_NAME $VENV/bin/companion club league --state-dir $STATE_DIR"
    note "Logs:      journalctl -u companion-club -f"
    if [ "$DRY_RUN" = 1 ]; then
      echo "dry run: nothing was changed ($PROBLEMS problem(s) found by the checks)"
    fi
    return
  fi
  step "where to point the tablet"
  note "Dashboard: http://${address:-$(hostname).local}:${port:-$PORT}/"
  note "Table PIN: sudo -u $USER_NAME $VENV/bin/companion pin --state-dir $STATE_DIR"
  note "Health:    sudo -u $USER_NAME $VENV/bin/companion doctor --state-dir $STATE_DIR"
  note "Logs:      journalctl -u companion -f"
  if [ "$DRY_RUN" = 1 ]; then
    echo "dry run: nothing was changed ($PROBLEMS problem(s) found by the checks)"
  fi
}

uninstall_all() {
  preflight

  step "stop and disable $SERVICE"
  if [ -e "$UNIT_DIR/$SERVICE" ]; then
    run systemctl disable --now "$SERVICE"
  else
    note "not installed: $UNIT_DIR/$SERVICE"
  fi

  step "remove the unit and the program"
  if [ -e "$UNIT_DIR/$SERVICE" ]; then
    run rm -f "$UNIT_DIR/$SERVICE"
  fi
  run systemctl daemon-reload
  if [ -e "$UNIT_DIR/$OTHER_SERVICE" ]; then
    note "kept: $PREFIX ($OTHER_SERVICE still uses it)"
  elif [ -e "$PREFIX" ]; then
    run rm -rf "$PREFIX"
  else
    note "not there: $PREFIX"
  fi

  step "keep the games and the settings"
  note "kept: $STATE_DIR (the journals), $DEFAULTS, the user $USER_NAME and the apt packages"
  note "to remove them too: sudo rm -rf $STATE_DIR $DEFAULTS && sudo userdel $USER_NAME"
  if [ "$DRY_RUN" = 1 ]; then
    echo "dry run: nothing was changed ($PROBLEMS problem(s) found by the checks)"
  fi
}

if [ "$UNINSTALL" = 1 ]; then
  uninstall_all
else
  install_all
fi
