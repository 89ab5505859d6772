# Training the attention layer: the library, its Catch2 tests and the native tool.
# Included by CMakeLists.txt after the core, the kernels and the Catch2 setup.

add_library(attention_train STATIC
  src/core/train/objective.cpp
  src/core/train/backward.cpp
  src/core/train/adam.cpp
  src/core/train/layer_update.cpp
  src/core/train/trainer.cpp
  src/core/train/corpus.cpp
)
target_link_libraries(attention_train PUBLIC attention_core)
target_compile_options(attention_train PRIVATE ${warnings})

# Finite differences, Adam and the objective on synthetic embeddings: no generated assets needed.
add_executable(train_tests
  tests/native/test_train_gradients.cpp
  tests/native/test_train_adam.cpp
  tests/native/test_train_objective.cpp
  tests/native/test_train_corpus.cpp
)
# attention_core before the kernels: its forward calls them (static libraries link in order)
target_link_libraries(train_tests PRIVATE attention_reference attention_train attention_core catch_main catch2_headers ${fast_kernels})
target_compile_options(train_tests PRIVATE ${warnings})
target_link_options(train_tests PRIVATE ${test_link_options})
add_test(NAME train_tests COMMAND train_tests --use-colour no)

if(NOT EMSCRIPTEN)
  # What the native training tools share: their flags (the schema's options among them), main(),
  # the loop of mini-batches with its progress lines, the JSON report, reading and writing files.
  add_library(train_tool STATIC src/train/tool/flags.cpp src/train/tool/run.cpp src/train/tool/report.cpp
    src/cli/files.cpp)
  target_link_libraries(train_tool PUBLIC attention_core)
  target_compile_options(train_tool PRIVATE ${warnings})

  # attention-train --corpus dist/corpus/wordnet-examples.txt --out trained.alwt
  add_executable(attention-train src/train/main.cpp)
  target_link_libraries(attention-train PRIVATE train_tool attention_train attention_core ${fast_kernels})
  target_compile_definitions(attention-train PRIVATE ATTENTION_LENS_ASSETS="${ATTENTION_LENS_ASSETS}")
  target_compile_options(attention-train PRIVATE ${warnings})
endif()
