# Training the topic query ("what is this about?"; its model, core/topic/model.cpp, is in the
# core): the trainer library, its Catch2 tests (every build) and the native tool.
# Included by CMakeLists.txt after the core, the kernels and the Catch2 setup.

add_library(attention_topic_train STATIC src/core/topic/corpus.cpp src/core/topic/loss.cpp
  src/core/topic/trainer.cpp)
target_link_libraries(attention_topic_train PUBLIC attention_core)
target_compile_options(attention_topic_train PRIVATE ${warnings})

# the model against a double reference, the gradient against finite differences, the file
# format, the corpus reader: synthetic data, no generated assets needed
add_executable(topic_tests tests/native/test_topic_model.cpp tests/native/test_topic_train.cpp)
target_link_libraries(topic_tests PRIVATE attention_reference attention_topic_train attention_core catch_main catch2_headers
  ${fast_kernels})
target_compile_options(topic_tests PRIVATE ${warnings})
target_link_options(topic_tests PRIVATE ${test_link_options})
add_test(NAME topic_tests COMMAND topic_tests --use-colour no)

if(NOT EMSCRIPTEN)
  # attention-train-topic --corpus build/topics/wordnet-topics.tsv --distractors … --out topic.bin
  add_executable(attention-train-topic src/train/topic_main.cpp)
  target_link_libraries(attention-train-topic PRIVATE train_tool attention_topic_train attention_train attention_core
    ${fast_kernels})
  target_compile_definitions(attention-train-topic PRIVATE ATTENTION_LENS_ASSETS="${ATTENTION_LENS_ASSETS}")
  target_compile_options(attention-train-topic PRIVATE ${warnings})
endif()
