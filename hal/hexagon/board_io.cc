// Hexagon board I/O under qemu-hexagon (user mode): console, exit and wall clock through the
// Linux syscall ABI (number in r6, arguments in r0..r5, result in r0, trap0(#1)).
//
// This is the ONLY file of the Hexagon port that knows about the emulator: a port for a real
// board (QuRT, a DSP monitor, a UART) replaces just this file and keeps the rest of hal/hexagon.
#include "lpai/hal_target.h"

namespace {

constexpr long kSysRead = 63;
constexpr long kSysWrite = 64;
constexpr long kSysExitGroup = 94;
constexpr long kSysClockGettime = 113;  // 32-bit time_t timespec (the generic, pre-time64 call)
constexpr long kStdoutFd = 1;
constexpr long kClockMonotonic = 1;
// Host fd of the pipe the qemu-insn plugin (tools/qemu-insn) writes its count into.
constexpr long kQemuInsnFd = 673;

long syscall3(long number, long a0, long a1, long a2) {
  register long r0 __asm__("r0") = a0;
  register long r1 __asm__("r1") = a1;
  register long r2 __asm__("r2") = a2;
  register long r6 __asm__("r6") = number;
  __asm__ volatile("trap0(#1)" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r6) : "memory");
  return r0;
}

struct Timespec32 {
  int32_t tv_sec;
  int32_t tv_nsec;
};

}  // namespace

extern "C" {

void lpai_target_console_write(const char* text, size_t len) {
  // write(2) may take fewer bytes than asked; give up on an error rather than spin.
  while (len > 0) {
    const long n = syscall3(kSysWrite, kStdoutFd, reinterpret_cast<long>(text),
                            static_cast<long>(len));
    if (n <= 0) return;
    text += n;
    len -= static_cast<size_t>(n);
  }
}

void lpai_target_exit(int code) {
  for (;;) (void)syscall3(kSysExitGroup, code, 0, 0);
}

// Markers of the qemu-insn plugin, recognised by symbol name: mark = "write the count now",
// resume = "the read is over, exclude what it cost". Empty, never inlined.
__attribute__((noinline, used)) void lpai_qemu_insn_mark(void) { __asm__ volatile("" ::: "memory"); }
__attribute__((noinline, used)) void lpai_qemu_insn_resume(void) {
  __asm__ volatile("" ::: "memory");
}

int lpai_target_emu_insn_count(uint64_t* count) {
  uint8_t bytes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  lpai_qemu_insn_mark();
  const long n = syscall3(kSysRead, kQemuInsnFd, reinterpret_cast<long>(bytes), 8);
  lpai_qemu_insn_resume();
  if (n != 8) return 0;
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | bytes[i];
  *count = v;
  return 1;
}

uint64_t lpai_target_clock_ns(void) {
  Timespec32 ts = {0, 0};
  if (syscall3(kSysClockGettime, kClockMonotonic, reinterpret_cast<long>(&ts), 0) != 0) return 0;
  return static_cast<uint64_t>(static_cast<uint32_t>(ts.tv_sec)) * 1000000000ull +
         static_cast<uint64_t>(static_cast<uint32_t>(ts.tv_nsec));
}

}  // extern "C"
