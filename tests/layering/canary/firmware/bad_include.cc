// Canary for check_no_host_includes.cmake: a firmware-like file that includes a host_sim
// header. Never compiled; the checker must reject it.
#include "online_prepare/online_prepare.h"
