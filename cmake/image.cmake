# The image mode: its Catch2 tests and the measurement that chose the token vectors
# (docs/IMAGES.md). Its sources (src/core/image/) are in attention_core, but for reference.cpp,
# the tests' (attention_reference). Included at the end of CMakeLists.txt, after attention_core, the
# kernels, catch_main, catch2_headers, ${fast_kernels} and ${test_link_options}.

# The image module is part of the core (attention_core, CMakeLists.txt); this name stays for the
# targets that say which part they use.
add_library(attention_image ALIAS attention_core)

# Synthetic pictures made in the tests (no files read): runs in every build, em++ included.
add_library(image_test_objects OBJECT
  tests/native/test_image_view.cpp
  tests/native/test_image_patches.cpp
  tests/native/test_image_positional.cpp
  tests/native/test_image_attention.cpp
  tests/native/test_image_defaults.cpp
  tests/native/test_image_regions.cpp
)
target_link_libraries(image_test_objects PUBLIC attention_reference attention_image catch2_headers)
target_compile_options(image_test_objects PRIVATE ${warnings})

function(add_image_tests name kernels)
  add_executable(${name} $<TARGET_OBJECTS:image_test_objects>)
  # attention_core before the kernels: its forward calls them (static libraries link in order)
  target_link_libraries(${name} PRIVATE image_test_objects attention_image attention_core catch_main ${kernels})
  target_link_options(${name} PRIVATE ${test_link_options})
  add_test(NAME ${name} COMMAND ${name} --use-colour no)
endfunction()
add_image_tests(image_tests ${fast_kernels})
if(NOT EMSCRIPTEN)
  add_image_tests(image_tests_scalar kernels_scalar)  # the scalar twins, natively too
endif()

# The token-vector measurement, native only; reads the built-in photos with stb_image
# (Debian's libstb-dev). After `node scripts/build-images.mjs`:
#   build/image/image-features dist/images/*.jpg
if(NOT EMSCRIPTEN)
  find_path(STB_IMAGE_INCLUDE_DIR stb_image.h PATH_SUFFIXES stb)
  if(STB_IMAGE_INCLUDE_DIR)
    add_executable(image-features EXCLUDE_FROM_ALL bench/image_features.cpp bench/image_candidates.cpp
      bench/image_pictures.cpp bench/image_denoisers.cpp)
    add_dependencies(benches image-features)
    target_include_directories(image-features PRIVATE ${STB_IMAGE_INCLUDE_DIR})
    target_link_libraries(image-features PRIVATE attention_image attention_core ${fast_kernels})
  else()
    message(STATUS "image-features not built: stb_image.h not found (apt-get install libstb-dev)")
  endif()
endif()
