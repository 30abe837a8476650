/* Forwarding header under the public API's name: every declaration is in lpai/qnn_compat.h. */
#ifndef LPAI_FWD_QNNINTERFACE_H
#define LPAI_FWD_QNNINTERFACE_H
#include "lpai/qnn_compat.h"
#endif
