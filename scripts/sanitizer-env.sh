# Sanitizer options shared by scripts/test-sanitize.sh and scripts/test-fuzz.sh.
# Source it. A report exits with a code of its own (ASan 99, UBSan 98) that no CLI
# outcome uses, so a caller can tell "refused the input" from "found a bug".
# shellcheck shell=bash
export ASAN_OPTIONS="exitcode=99:detect_leaks=1:abort_on_error=0:hard_rss_limit_mb=2048:allocator_may_return_null=0"
export UBSAN_OPTIONS="exitcode=98:halt_on_error=1:print_stacktrace=1"
kSanitizerExitCodes=(98 99)
