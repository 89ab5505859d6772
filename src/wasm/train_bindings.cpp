// Training in a browser worker, for the module built with the trainer (attention-lens-train-*):
// the layer learns masked-word prediction on a corpus, a few steps at a time.
#include <memory>
#include <string>
#include <vector>

#include "core/options.h"
#include "core/train/corpus.h"
#include "core/train/trainer.h"
#include "core/weights.h"
#include "wasm/binding_support.h"

namespace al::wasm {
namespace {

// Keeps a reference to its lens's embeddings: the lens must outlive it.
class Trainer {
 public:
  Trainer(const EmbeddingStore& store, const std::vector<std::string>& sentences, const train::TrainOptions& o)
      : trainer_(store, sentences, o) {}
  // runs `count` mini-batches; returns their mean loss
  double steps(int count) { return mean_loss_of_steps(trainer_, count); }
  int stepCount() const { return trainer_.steps(); }
  int epochs() const { return trainer_.epochs(); }
  double trainSentences() const { return double(trainer_.train_sentences()); }
  double heldOutSentences() const { return double(trainer_.held_out().size()); }
  int vocabularySize() const { return trainer_.objective().vocabulary_size(); }  // words a hidden word ranks among
  // held-out {top1, top10, meanLoss, examples} of the current weights
  val evaluate(int max_examples) {
    return guarded([&] {
      const train::Evaluation e = trainer_.evaluate(trainer_.weights(), max_examples);
      val out = val::object();
      out.set("top1", e.top1);
      out.set("top10", e.top10);
      out.set("meanLoss", e.mean_loss);
      out.set("examples", e.examples);
      return out;
    });
  }
  // the current weights in the "ALWT" format, as a view JS copies at once
  val weightsFile() {
    bytes_ = serialize_weights(trainer_.weights());
    return view_of(reinterpret_cast<const std::uint8_t*>(bytes_.data()), bytes_.size());
  }
  void reset(double seed) {
    guarded([&] { trainer_.initialize(std::uint64_t(seed)); });
  }

 private:
  train::Trainer trainer_;
  std::string bytes_;
};

// A trainer on the corpus at ptr (UTF-8, one sentence per line); options as the schema's
// training options ({heads, seed, learningRate, batch, heldOut}, defaults for the rest).
std::unique_ptr<Trainer> createTrainer(Lens& lens, std::uintptr_t ptr, int length, const val& options) {
  return guarded([&] {
    const train::TrainOptions o = options_from(options, training_option_specs());
    return std::make_unique<Trainer>(lens.store(), train::corpus_sentences(bytes_at(ptr, length)), o);
  });
}

}  // namespace
}  // namespace al::wasm

EMSCRIPTEN_BINDINGS(attention_lens_train) {
  using namespace emscripten;
  using namespace al::wasm;
  class_<Trainer>("Trainer")
      .function("steps", &Trainer::steps)
      .function("stepCount", &Trainer::stepCount)
      .function("epochs", &Trainer::epochs)
      .function("trainSentences", &Trainer::trainSentences)
      .function("heldOutSentences", &Trainer::heldOutSentences)
      .function("vocabularySize", &Trainer::vocabularySize)
      .function("evaluate", &Trainer::evaluate)
      .function("weightsFile", &Trainer::weightsFile)
      .function("reset", &Trainer::reset);
  function("createTrainer", &createTrainer);
  // the options schema as JSON, for the build (scripts/gen-schema.mjs) only: here, not in the
  // page's module, which need not carry it
  function("schemaJson", &al::schema_json);
}
