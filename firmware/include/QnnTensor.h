/* QnnTensor.h: forwards to QnnTypes.h, which holds its declarations (lpai-rt C API). */
#ifndef LPAI_FWD_QNNTENSOR_H
#define LPAI_FWD_QNNTENSOR_H
#include "QnnTypes.h"
#ifdef LPAI_HOST_ONLINE_PREPARE
#include "online_prepare/qnn_online_prepare.h"
#endif
#endif
