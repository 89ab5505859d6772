// A main() for a libFuzzer target without libFuzzer, for the sanitizer build's short run in
// npm test (ctest --preset asan): every file of the seed corpus, then `mutations` seeded
// mutations of each (a byte flipped, set or dropped; a run duplicated; the tail cut), through
// LLVMFuzzerTestOneInput. A target aborts on a broken invariant, ASan and UBSan on a memory error
// or undefined behaviour; the run prints how many inputs it tried.
//   fuzz_png_replay tests/fuzz/corpus/fuzz_png 2000
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::uint64_t next(std::uint64_t& s) {  // splitmix64
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::string mutate(std::string s, std::uint64_t& seed) {
  const int edits = 1 + int(next(seed) % 4);
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const std::size_t at = next(seed) % s.size();
    switch (next(seed) % 5) {
      case 0: s[at] = char(s[at] ^ (1 << (next(seed) % 8))); break;
      case 1: s[at] = char(next(seed)); break;
      case 2: s.erase(at, 1); break;
      case 3: s.insert(at, s.substr(at, 1 + next(seed) % 16)); break;
      default: s.resize(at); break;
    }
  }
  return s;
}

void run(const std::string& s) { LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s CORPUS_FOLDER MUTATIONS_PER_FILE\n", argv[0]);
    return 2;
  }
  const int mutations = std::atoi(argv[2]);
  std::vector<std::string> seeds;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    std::ifstream in(entry.path(), std::ios::binary);
    seeds.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (seeds.empty()) {
    std::fprintf(stderr, "%s: no seed files in %s\n", argv[0], argv[1]);
    return 1;
  }
  std::uint64_t seed = 21, inputs = 0;
  for (const std::string& s : seeds) {
    run(s);
    ++inputs;
    for (int m = 0; m < mutations; ++m, ++inputs) run(mutate(s, seed));
  }
  std::printf("%s: %llu inputs from %zu seeds, all clean\n", argv[0], (unsigned long long)inputs, seeds.size());
  return 0;
}
