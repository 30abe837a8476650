/* LPAI/QnnLpaiContext.h: forwards to QnnContext.h, which holds its declarations (lpai-rt C API). */
#ifndef LPAI_FWD_LPAI_QNNLPAICONTEXT_H
#define LPAI_FWD_LPAI_QNNLPAICONTEXT_H
#include "QnnContext.h"
#endif
