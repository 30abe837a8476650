/* Forwarding header under the public API's name: the declarations are in lpai/qnn_compat.h;
 * a host build with online prepare (LPAI_HOST_ONLINE_PREPARE) adds its calls and op configs. */
#ifndef LPAI_FWD_QNNTENSOR_H
#define LPAI_FWD_QNNTENSOR_H
#include "lpai/qnn_compat.h"
#ifdef LPAI_HOST_ONLINE_PREPARE
#include "online_prepare/qnn_online_prepare.h"
#endif
#endif
