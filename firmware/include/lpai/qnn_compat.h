/*
 * lpai-rt public C API (C99 and C++): the QNN-shaped calls, structs, enums and option names the
 * LPAI memory-management documents use, implemented by the lpai-rt firmware library.
 *
 * This umbrella header includes every header of the API. The declarations live in the headers
 * named like the public API, one per section: QnnCommon.h (handles, error codes), QnnTypes.h
 * (tensors, op configs), QnnTensor.h, QnnOpDef.h (op types of online prepare), QnnBackend.h
 * (with the LPAI backend properties; LPAI/QnnLpaiBackend.h forwards to it), LPAI/QnnLpaiMem.h,
 * QnnContext.h (LPAI/QnnLpaiContext.h forwards), QnnGraph.h, LPAI/QnnLpaiGraph.h (lpai-rt graph
 * extensions), QnnMem.h, QnnInterface.h, System/QnnSystemContext.h
 * (System/QnnSystemInterface.h forwards). Each includes the ones it builds on, so client code
 * written for the documented API compiles with the header names it uses. The online-prepare
 * calls (QnnContext_create, QnnGraph_create, QnnTensor_createGraphTensor, QnnGraph_addNode;
 * flow in QnnGraph.h) are declared here like every other call; the host library
 * lpai_host_online_prepare defines them, the firmware alone answers them with
 * QNN_COMMON_ERROR_NOT_SUPPORTED.
 *
 * Conventions:
 *  - every call returns a Qnn_ErrorHandle_t: QNN_SUCCESS (0) or one of the codes of
 *    QnnLpai_Error_t (QnnCommon.h; grouped by area; each failure has its own code, equal to the
 *    firmware's lpai::Status value);
 *  - a failed call changes nothing, so the caller can correct the argument and retry;
 *  - every enum has an UNDEFINED member (0x7fffffff); every struct has a *_INIT initialiser;
 *  - logger, device, profile and signal handles may be NULL (they are accepted and ignored);
 *  - nothing is allocated from a heap: contexts, graphs and memory handles live in static
 *    tables of the firmware (limits in docs/memory-model.md).
 * The memory rules (alignment, scratch, persistent, IO, TCM) are in docs/memory-model.md.
 */
#ifndef LPAI_QNN_COMPAT_H
#define LPAI_QNN_COMPAT_H

#include "QnnCommon.h"
#include "QnnTypes.h"
#include "QnnTensor.h"
#include "QnnOpDef.h"
#include "QnnBackend.h"
#include "LPAI/QnnLpaiMem.h"
#include "QnnContext.h"
#include "QnnGraph.h"
#include "LPAI/QnnLpaiGraph.h"
#include "QnnMem.h"
#include "QnnInterface.h"
#include "System/QnnSystemContext.h"

#endif /* LPAI_QNN_COMPAT_H */
