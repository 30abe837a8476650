// Runs one embedded model through the C shim (see run_model.cc for the call sequence).
#ifndef LPAI_IMAGES_RUN_MODEL_H
#define LPAI_IMAGES_RUN_MODEL_H

#include "payload.h"

namespace lpai_image {

// Prints the model's result lines; false (after an "error" line) when any call fails.
bool run_model(const lpai_image_model_t& model);

}  // namespace lpai_image

#endif  // LPAI_IMAGES_RUN_MODEL_H
