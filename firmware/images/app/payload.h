/*
 * What a firmware image embeds: context binaries prepared on the host and the input bytes of
 * each inference. The payload .c is generated at build time by lpai-image-gen
 * (host_sim/tools/image_gen.cc); payload_none.c is the empty fallback.
 */
#ifndef LPAI_IMAGES_PAYLOAD_H
#define LPAI_IMAGES_PAYLOAD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Alignment of every embedded binary and input block, bytes (>= the backend's
 * startAddrAlignment and the format's section alignment). */
#define LPAI_IMAGE_PAYLOAD_ALIGNMENT 64u

typedef struct {
  const char* name;            /* model name, printed in every result line */
  const uint8_t* binary;       /* context binary, LPAI_IMAGE_PAYLOAD_ALIGNMENT-aligned */
  uint32_t binary_size;        /* bytes */
  uint32_t mem_type;           /* QnnLpaiMem_MemType_t for the binary copy and IO (DDR 1, TCM 3) */
  uint32_t num_inferences;     /* inferences run in sequence on one finalized graph */
  const uint8_t* inputs;       /* num_inferences blocks of input_bytes: the graph inputs of
                                  one inference, concatenated in input order */
  uint32_t input_bytes;        /* bytes of one inference's inputs */
} lpai_image_model_t;

extern const lpai_image_model_t lpai_image_models[];
extern const uint32_t lpai_image_model_count;

#ifdef __cplusplus
}
#endif

#endif /* LPAI_IMAGES_PAYLOAD_H */
