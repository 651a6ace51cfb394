// FAIRY_HOT_INLINE: small hot helpers that optimised builds always inline (the kernel's bit scans
// and ray walks, the mailbox generators' plain walks). GCC caps how much a translation unit may
// grow by inlining, so in a large shard of generated modules they would stay calls, and which
// ones would depend on the shard's other variants.
// FAIRY_HOT_LAMBDA, after a lambda's parameters: the same for a lambda's body (for_each_index's
// steps inside a FAIRY_HOT_INLINE function, which GCC may otherwise leave as calls).
// FAIRY_UNROLL, before a loop over a piece's vectors: unrolled, each vector is a constant again,
// as in code written a vector at a time (GCC keeps a loop over a braced list rolled).
// The sanitizer builds only check, and forcing either there costs compile time for nothing
// (unrolled, universal's shard took 97 s instead of 29 under clang's sanitizers).
#pragma once

#if defined(FAIRY_SANITIZED)
#define FAIRY_HOT_INLINE
#define FAIRY_HOT_LAMBDA
#define FAIRY_UNROLL
#else
#define FAIRY_HOT_INLINE [[gnu::always_inline]]
#define FAIRY_HOT_LAMBDA __attribute__((always_inline))
#define FAIRY_UNROLL _Pragma("GCC unroll 64")
#endif
