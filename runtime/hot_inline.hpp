// FAIRY_HOT_INLINE: small hot helpers that optimised builds always inline (the kernel's bit scans
// and ray walks, the mailbox generators' plain walks). GCC caps how much a translation unit may
// grow by inlining, so in a large shard of generated modules they would stay calls, and which
// ones would depend on the shard's other variants. The sanitizer builds only check, and forcing
// it there costs compile time for nothing.
#pragma once

#if defined(FAIRY_SANITIZED)
#define FAIRY_HOT_INLINE
#else
#define FAIRY_HOT_INLINE [[gnu::always_inline]]
#endif
