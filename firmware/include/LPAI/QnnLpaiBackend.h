/* LPAI/QnnLpaiBackend.h: forwards to QnnBackend.h, which holds its declarations (lpai-rt C API). */
#ifndef LPAI_FWD_LPAI_QNNLPAIBACKEND_H
#define LPAI_FWD_LPAI_QNNLPAIBACKEND_H
#include "QnnBackend.h"
#endif
