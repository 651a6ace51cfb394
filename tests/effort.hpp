// How much of a repeated check a test does. The Release suite does all of it; the sanitizer
// build (FAIRY_SANITIZE or FAIRY_FUZZ, which defines FAIRY_SANITIZED) walks the same code paths
// less often, since it looks for memory errors and undefined behaviour, not for wrong counts,
// and runs 3 to 30 times slower.
#pragma once

namespace fairy::test {

#ifdef FAIRY_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `full` in the Release suite, `sanitized` under the sanitizers.
constexpr int effort(int full, int sanitized) { return kSanitized ? sanitized : full; }

}  // namespace fairy::test
