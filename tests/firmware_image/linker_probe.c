/* Minimal program linked against linker/<target>.ld by run_image_test.sh (mode "linker"):
 * as is it must link; with -DIN_TCM (something placed in .tcm besides the pool) or
 * -DBIG_BSS=<bytes> (RAM overflow) the link must fail. */
#ifdef IN_TCM
__attribute__((section(".tcm"))) volatile char probe_in_tcm[16];
#endif
#ifdef BIG_BSS
volatile char probe_big_bss[BIG_BSS];
#endif
void _start(void) {}                   /* hexagon.ld entry */
void lpai_cm_reset(void) {}            /* cortex_m.ld entry */
const int lpai_cm_vectors[16] = {0};   /* cortex_m.ld vector table */
