#!/bin/sh
# Starts the browser named by $FUSEBOX_CHROMIUM_BINARY (tests/e2e/harness.py sets it) with the
# arguments it is given, every --disable-features=... among them merged into one, and every
# --enable-features=... into one. Chromium keeps only the last of each: the harness's own list
# (harness.QUIET_FEATURES) would otherwise throw away the list Playwright passes before it.
disabled=""
enabled=""
for arg do
    shift
    case $arg in
        --disable-features=*) disabled="${disabled:+$disabled,}${arg#--disable-features=}" ;;
        --enable-features=*) enabled="${enabled:+$enabled,}${arg#--enable-features=}" ;;
        *) set -- "$@" "$arg" ;;
    esac
done
exec "${FUSEBOX_CHROMIUM_BINARY:?set by tests/e2e/harness.py}" \
    ${disabled:+"--disable-features=$disabled"} ${enabled:+"--enable-features=$enabled"} "$@"
