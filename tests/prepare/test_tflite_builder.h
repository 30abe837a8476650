// The tests use the project's TFLite writer (host_sim/prepare/tflite_builder.h) unqualified.
#ifndef LPAI_TESTS_PREPARE_TEST_TFLITE_BUILDER_H
#define LPAI_TESTS_PREPARE_TEST_TFLITE_BUILDER_H

#include "prepare/tflite_builder.h"

namespace lpai_test {
using namespace ::lpai::tflite_builder;  // NOLINT
}  // namespace lpai_test

#endif  // LPAI_TESTS_PREPARE_TEST_TFLITE_BUILDER_H
