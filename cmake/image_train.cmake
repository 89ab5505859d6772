# Training the image layer (restoring noisy patches): the library, its Catch2 tests and the native
# tool. Included at the end of CMakeLists.txt, after attention_train (cmake/train.cmake) and
# attention_image (cmake/image.cmake).

add_library(attention_image_train STATIC
  src/core/train/image_objective.cpp
  src/core/train/image_trainer.cpp
  src/core/train/netpbm.cpp
  src/core/train/image_synthetic.cpp
)
target_link_libraries(attention_image_train PUBLIC attention_train attention_image attention_core)
target_compile_options(attention_image_train PRIVATE ${warnings})

# Synthetic pictures made in the tests (no files read): runs in every build, em++ included.
add_executable(image_train_tests
  tests/native/test_image_train.cpp
  tests/native/test_image_train_gradients.cpp
)
# attention_core before the kernels: its forward calls them (static libraries link in order)
target_link_libraries(image_train_tests PRIVATE attention_reference attention_image_train attention_train attention_image attention_core
  catch_main catch2_headers ${fast_kernels})
target_compile_options(image_train_tests PRIVATE ${warnings})
target_link_options(image_train_tests PRIVATE ${test_link_options})
add_test(NAME image_train_tests COMMAND image_train_tests --use-colour no)

if(NOT EMSCRIPTEN AND STB_IMAGE_INCLUDE_DIR)
  # The measurement that chose the picture mode's default options (docs/IMAGES.md), on the built-in
  # photos (stb_image) and the tests' textured pictures:
  #   build/native/image-defaults [--weights dist/weights/image-trained.bin] dist/images/*.jpg
  add_executable(image-defaults EXCLUDE_FROM_ALL bench/image_defaults.cpp src/cli/files.cpp)
  add_dependencies(benches image-defaults)
  target_include_directories(image-defaults PRIVATE ${STB_IMAGE_INCLUDE_DIR} tests/native)
  target_link_libraries(image-defaults PRIVATE attention_image_train attention_train attention_image attention_core
    ${fast_kernels})
endif()

if(NOT EMSCRIPTEN)
  # attention-train-image --train a.pgm --held-out b.ppm --out image-trained.bin (scripts/train.mjs)
  add_executable(attention-train-image src/train/image_main.cpp src/train/image_report.cpp)
  target_link_libraries(attention-train-image PRIVATE train_tool attention_image_train attention_train
    attention_image attention_core ${fast_kernels})
  target_compile_options(attention-train-image PRIVATE ${warnings})
endif()
