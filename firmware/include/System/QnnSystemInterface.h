/* System/QnnSystemInterface.h: forwards to System/QnnSystemContext.h (lpai-rt C API). */
#ifndef LPAI_FWD_SYSTEM_QNNSYSTEMINTERFACE_H
#define LPAI_FWD_SYSTEM_QNNSYSTEMINTERFACE_H
#include "System/QnnSystemContext.h"
#endif
