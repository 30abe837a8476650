// The delegate-style C++ API of seed 004 lives in the header the seed includes,
// QNN/TFLiteDelegate/QnnTFLiteDelegate.h (host_sim/delegate/include); this name is kept for
// existing includes.
#ifndef LPAI_HOST_DELEGATE_QNN_DELEGATE_H
#define LPAI_HOST_DELEGATE_QNN_DELEGATE_H

#include "QNN/TFLiteDelegate/QnnTFLiteDelegate.h"

#endif  // LPAI_HOST_DELEGATE_QNN_DELEGATE_H
