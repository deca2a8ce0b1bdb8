/* A stand-in for Windows' bcryptprimitives.dll under Debian's Wine 8 (CI only; .ci/run builds it with
 * mingw-w64). Rust's standard library for Windows (1.78 and later) draws its random numbers (HashMap seeds)
 * from ProcessPrng in bcryptprimitives.dll, which every Windows 10/11 has and Wine gained only in 9.x; without
 * it no Rust test binary starts under Wine 8. This forwards to BCryptGenRandom, which Wine 8 has. */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    return BCryptGenRandom(NULL, data, (ULONG)len, BCRYPT_USE_SYSTEM_PREFERRED_RNG) == 0;
}
