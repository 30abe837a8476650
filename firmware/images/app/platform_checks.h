// Checks of the platform the image runs on (HAL regions, memory core). Prints "check" and
// "info" lines; returns false when any check fails.
#ifndef LPAI_IMAGES_PLATFORM_CHECKS_H
#define LPAI_IMAGES_PLATFORM_CHECKS_H

namespace lpai_image {

bool run_platform_checks();

}  // namespace lpai_image

#endif  // LPAI_IMAGES_PLATFORM_CHECKS_H
