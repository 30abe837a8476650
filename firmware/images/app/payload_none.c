/* Empty payload: the image runs only its platform checks. Used when the build is configured
 * without LPAI_IMAGE_PAYLOAD (scripts/build-firmware-images.sh generates a real one). */
#include "payload.h"

const lpai_image_model_t lpai_image_models[1] = {{0, 0, 0, 0, 0, 0, 0}};
const uint32_t lpai_image_model_count = 0;
