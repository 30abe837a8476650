/*
 * qemu-insn: a QEMU TCG plugin that counts executed guest instructions exactly and hands the
 * running count to the guest, so that a firmware image's HAL cycle source under QEMU is the
 * emulator's instruction count (deterministic) instead of host time.
 *
 * Build (host C compiler; QEMU loads it with -plugin):
 *   cc -shared -fPIC -O2 -Wall -Wextra -Werror -o qemu-insn.so tools/qemu-insn/qemu_insn.c
 * Run:
 *   qemu-hexagon -plugin qemu-insn.so IMAGE.elf
 *   qemu-system-arm ... -plugin qemu-insn.so -kernel IMAGE.elf
 *   optional arguments: -plugin qemu-insn.so,summary=on     (totals on stderr at exit)
 *                       -plugin qemu-insn.so,profile=FILE  (instructions per function, sorted,
 *                                                           written to FILE at exit)
 *
 * What is counted: every guest "instruction" QEMU's translator reports for a translation block
 * (qemu_plugin_tb_n_insns), added inline when the block starts executing. On Hexagon QEMU 7.2
 * translates one PACKET per translator step, so one count is one packet (1 to 4 instructions
 * issued together); on Arm (Thumb-2) one count is one instruction. See docs/firmware-images.md.
 *
 * Guest protocol (hal/<port>/board_io.cc implements the guest side):
 *   1. the guest calls lpai_qemu_insn_mark() (an empty function; the plugin recognises it by
 *      its symbol): the plugin writes the count so far, minus the instructions spent in earlier
 *      reads, as 8 little-endian bytes into a pipe it has opened at host fd 673;
 *   2. the guest reads those 8 bytes (qemu-hexagon: read(2) on fd 673; qemu-system-arm:
 *      semihosting SYS_OPEN "/dev/fd/673" once, then SYS_READ);
 *   3. the guest calls lpai_qemu_insn_resume(): the plugin adds the instructions executed since
 *      step 1 to the excluded "overhead", so the figures the guest sees do not contain the cost
 *      of reading them.
 * Without the plugin fd 673 is not open, the read fails and the HAL uses another source.
 *
 * QEMU 7.2 ships no qemu-plugin.h in Debian: the few API functions used here are declared below
 * from QEMU's documented plugin API, version 1.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- QEMU plugin API (version 1, QEMU 7.2), the subset used ---------------------------------- */
typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct qemu_info_t qemu_info_t; /* only passed through */
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS = 0 };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 = 0 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb* tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void* userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void* userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb* tb, enum qemu_plugin_op op,
                                              void* ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn* insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void* userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb* tb);
struct qemu_plugin_insn* qemu_plugin_tb_get_insn(const struct qemu_plugin_tb* tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn* insn);
const char* qemu_plugin_insn_symbol(const struct qemu_plugin_insn* insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void* userdata);

#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;
QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc,
                                           char** argv);

/* ---- plugin ----------------------------------------------------------------------------------- */
#define LPAI_QEMU_INSN_FD 673 /* keep in sync with hal/<port>/board_io.cc */

static uint64_t g_count;          /* instructions (Hexagon: packets) executed, inline-added */
static uint64_t g_overhead;       /* instructions spent inside reads (mark .. resume) */
static uint64_t g_count_at_mark;  /* g_count when the last read started */
static uint64_t g_marks;
static bool g_summary;

/* Profile: one counter per translated block, attributed to the symbol of its first insn. */
struct block {
  uint64_t count;  /* instructions executed in this block (inline-added) */
  const char* symbol;
  uint64_t vaddr;
  struct block* next;
};
static const char* g_profile_path;
static struct block* g_blocks;
static int g_write_fd = -1;

static void on_mark(unsigned int vcpu_index, void* userdata) {
  (void)vcpu_index;
  (void)userdata;
  g_count_at_mark = g_count;
  const uint64_t value = g_count - g_overhead;
  uint8_t bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = (uint8_t)(value >> (8 * i));
  ++g_marks;
  if (g_write_fd >= 0 && write(g_write_fd, bytes, sizeof(bytes)) != (ssize_t)sizeof(bytes)) {
    fprintf(stderr, "qemu-insn: pipe write failed\n");
  }
}

static void on_resume(unsigned int vcpu_index, void* userdata) {
  (void)vcpu_index;
  (void)userdata;
  g_overhead += g_count - g_count_at_mark;
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &g_count, n);
  if (g_profile_path != NULL && n > 0) {
    struct block* b = calloc(1, sizeof(*b));
    if (b != NULL) {
      struct qemu_plugin_insn* first = qemu_plugin_tb_get_insn(tb, 0);
      b->symbol = qemu_plugin_insn_symbol(first);
      b->vaddr = qemu_plugin_insn_vaddr(first);
      b->next = g_blocks;
      g_blocks = b;
      qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->count, n);
    }
  }
  const char* previous = NULL;
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn* insn = qemu_plugin_tb_get_insn(tb, i);
    const char* sym = qemu_plugin_insn_symbol(insn);
    /* Only the first instruction of each marker function (or of a block inside it). */
    if (sym != NULL && sym != previous) {
      if (strcmp(sym, "lpai_qemu_insn_mark") == 0) {
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS, NULL);
      } else if (strcmp(sym, "lpai_qemu_insn_resume") == 0) {
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_resume, QEMU_PLUGIN_CB_NO_REGS, NULL);
      }
    }
    previous = sym;
  }
}

struct sym_total {
  const char* symbol;
  uint64_t count;
};

static int by_count(const void* a, const void* b) {
  const uint64_t x = ((const struct sym_total*)a)->count, y = ((const struct sym_total*)b)->count;
  return x < y ? 1 : x > y ? -1 : 0;
}

static void write_profile(void) {
  size_t n = 0, cap = 256;
  struct sym_total* t = calloc(cap, sizeof(*t));
  if (t == NULL) return;
  for (struct block* b = g_blocks; b != NULL; b = b->next) {
    const char* sym = b->symbol != NULL ? b->symbol : "?";
    size_t i = 0;
    while (i < n && strcmp(t[i].symbol, sym) != 0) ++i;
    if (i == n) {
      if (n == cap) {
        struct sym_total* grown = realloc(t, 2 * cap * sizeof(*t));
        if (grown == NULL) break;
        t = grown;
        cap *= 2;
      }
      t[n].symbol = sym;
      t[n].count = 0;
      ++n;
    }
    t[i].count += b->count;
  }
  qsort(t, n, sizeof(*t), by_count);
  FILE* f = fopen(g_profile_path, "w");
  if (f != NULL) {
    for (size_t i = 0; i < n; ++i) fprintf(f, "%llu %s\n", (unsigned long long)t[i].count, t[i].symbol);
    /* Then every block: instructions, address, symbol (for a closer look with objdump). */
    fprintf(f, "# blocks\n");
    for (struct block* b = g_blocks; b != NULL; b = b->next) {
      if (b->count != 0) {
        fprintf(f, "%llu 0x%llx %s\n", (unsigned long long)b->count, (unsigned long long)b->vaddr,
                b->symbol != NULL ? b->symbol : "?");
      }
    }
    fclose(f);
  }
  free(t);
}

static void at_exit(qemu_plugin_id_t id, void* userdata) {
  (void)id;
  (void)userdata;
  if (g_profile_path != NULL) write_profile();
  if (g_summary) {
    fprintf(stderr, "qemu-insn: executed=%llu read_overhead=%llu reads=%llu\n",
            (unsigned long long)g_count, (unsigned long long)g_overhead,
            (unsigned long long)g_marks);
  }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc,
                                           char** argv) {
  (void)info;
  for (int i = 0; i < argc; ++i) {
    if (strcmp(argv[i], "summary") == 0 || strcmp(argv[i], "summary=on") == 0) {
      g_summary = true;
    } else if (strncmp(argv[i], "profile=", 8) == 0) {
      g_profile_path = argv[i] + 8;
    } else {
      fprintf(stderr, "qemu-insn: unknown argument '%s'\n", argv[i]);
      return -1;
    }
  }
  int fds[2];
  if (pipe(fds) != 0) {
    fprintf(stderr, "qemu-insn: pipe() failed\n");
    return -1;
  }
  if (dup2(fds[0], LPAI_QEMU_INSN_FD) != LPAI_QEMU_INSN_FD) {
    fprintf(stderr, "qemu-insn: dup2 to fd %d failed\n", LPAI_QEMU_INSN_FD);
    return -1;
  }
  close(fds[0]);
  /* Never block QEMU: a guest that marks without reading only loses figures. */
  (void)fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
  g_write_fd = fds[1];
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
