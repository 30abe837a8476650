// Cortex-M board I/O under qemu-system-arm (-semihosting): console, exit and wall clock
// through Arm semihosting (operation in r0, parameter block address in r1, `bkpt 0xab`).
//
// This is the ONLY file of the Cortex-M port that knows about the emulator: a port for a real
// board (a UART, an RTT buffer, a reset on exit) replaces just this file.
#include "lpai/hal_target.h"

namespace {

constexpr uint32_t kSysOpen = 0x01;
constexpr uint32_t kSysWrite = 0x05;
constexpr uint32_t kSysRead = 0x06;
constexpr uint32_t kSysExitExtended = 0x20;
constexpr uint32_t kSysElapsed = 0x30;
constexpr uint32_t kSysTickFreq = 0x31;
constexpr uint32_t kOpenModeWrite = 4;  // "w": ":tt" opened for writing is the console
constexpr uint32_t kOpenModeReadBinary = 1;  // "rb"
constexpr uint32_t kAdpStoppedApplicationExit = 0x20026;

int32_t semihost(uint32_t op, const void* block) {
  register uint32_t r0 __asm__("r0") = op;
  register const void* r1 __asm__("r1") = block;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return static_cast<int32_t>(r0);
}

int32_t g_console = -1;  // semihosting handle of ":tt", opened on first write
// Semihosting handle of the qemu-insn plugin's pipe (host fd 673, tools/qemu-insn): -1 not
// tried yet, -2 absent.
int32_t g_insn_pipe = -1;

}  // namespace

extern "C" {

void lpai_target_console_write(const char* text, size_t len) {
  if (g_console < 0) {
    static const char kTerminal[] = ":tt";
    const uint32_t open_block[3] = {reinterpret_cast<uint32_t>(kTerminal), kOpenModeWrite,
                                    sizeof(kTerminal) - 1};
    g_console = semihost(kSysOpen, open_block);
    if (g_console < 0) return;
  }
  // SYS_WRITE returns the number of bytes NOT written.
  while (len > 0) {
    const uint32_t block[3] = {static_cast<uint32_t>(g_console), reinterpret_cast<uint32_t>(text),
                               static_cast<uint32_t>(len)};
    const int32_t left = semihost(kSysWrite, block);
    if (left < 0 || static_cast<size_t>(left) >= len) return;
    text += len - static_cast<size_t>(left);
    len = static_cast<size_t>(left);
  }
}

void lpai_target_exit(int code) {
  const uint32_t block[2] = {kAdpStoppedApplicationExit, static_cast<uint32_t>(code)};
  for (;;) (void)semihost(kSysExitExtended, block);
}

// Markers of the qemu-insn plugin, recognised by symbol name: mark = "write the count now",
// resume = "the read is over, exclude what it cost". Empty, never inlined.
__attribute__((noinline, used)) void lpai_qemu_insn_mark(void) { __asm__ volatile("" ::: "memory"); }
__attribute__((noinline, used)) void lpai_qemu_insn_resume(void) {
  __asm__ volatile("" ::: "memory");
}

int lpai_target_emu_insn_count(uint64_t* count) {
  if (g_insn_pipe == -1) {
    static const char kPipe[] = "/dev/fd/673";
    const uint32_t open_block[3] = {reinterpret_cast<uint32_t>(kPipe), kOpenModeReadBinary,
                                    sizeof(kPipe) - 1};
    const int32_t handle = semihost(kSysOpen, open_block);
    g_insn_pipe = handle < 0 ? -2 : handle;
  }
  if (g_insn_pipe < 0) return 0;
  uint8_t bytes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  const uint32_t block[3] = {static_cast<uint32_t>(g_insn_pipe), reinterpret_cast<uint32_t>(bytes),
                             8u};
  lpai_qemu_insn_mark();
  const int32_t left = semihost(kSysRead, block);  // bytes NOT read
  lpai_qemu_insn_resume();
  if (left != 0) return 0;
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | bytes[i];
  *count = v;
  return 1;
}

uint64_t lpai_target_clock_ns(void) {
  uint32_t ticks[2] = {0, 0};  // little-endian 64-bit tick count
  if (semihost(kSysElapsed, ticks) != 0) return 0;
  const int32_t freq = semihost(kSysTickFreq, nullptr);
  if (freq <= 0) return 0;
  const uint64_t t = (static_cast<uint64_t>(ticks[1]) << 32) | ticks[0];
  const uint64_t hz = static_cast<uint64_t>(freq);
  return (t / hz) * 1000000000ull + ((t % hz) * 1000000000ull) / hz;
}

}  // extern "C"
