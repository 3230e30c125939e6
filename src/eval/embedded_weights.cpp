// The shipped weights file, built into the program so that it needs no file
// at run time. PARITY_WEIGHTS_FILE is set by src/eval/CMakeLists.txt; a
// build without it (bootstrapping the trainer) evaluates every position as 0.

#include <cstdio>
#include <cstdlib>
#include <span>

#include "parity/eval/weights.hpp"

#ifdef PARITY_WEIGHTS_FILE
#define PARITY_WEIGHTS_INCBIN ".incbin \"" PARITY_WEIGHTS_FILE "\"\n"
#else
#define PARITY_WEIGHTS_INCBIN ""
#endif
__asm__(".section .rodata\n"
        ".balign 16\n"
        ".globl parity_embedded_weights_begin\n"
        ".hidden parity_embedded_weights_begin\n"
        ".globl parity_embedded_weights_end\n"
        ".hidden parity_embedded_weights_end\n"
        "parity_embedded_weights_begin:\n" PARITY_WEIGHTS_INCBIN
        "parity_embedded_weights_end:\n"
        ".previous\n");

extern "C" const unsigned char parity_embedded_weights_begin[] __asm__("parity_embedded_weights_begin");
extern "C" const unsigned char parity_embedded_weights_end[] __asm__("parity_embedded_weights_end");

namespace parity::eval {

std::shared_ptr<const Weights> default_weights() {
  // Never destroyed: a search may still hold on to it while the program exits.
  static const auto& weights = *new std::shared_ptr<const Weights>([] {
    const std::span<const std::uint8_t> bytes(parity_embedded_weights_begin,
                                              static_cast<std::size_t>(parity_embedded_weights_end - parity_embedded_weights_begin));
    if (bytes.empty()) {
      CompactWeights zero;
      zero.stages.assign(kStages, std::vector<std::int16_t>(compact_size(), 0));
      return *Weights::from_compact(zero);
    }
    auto compact = decode_weights(bytes);
    if (!compact) {
      // The build embeds a file the tests check; reaching this is a build error.
      std::fprintf(stderr, "parity: embedded weights: %s\n", compact.error().message.c_str());
      std::abort();
    }
    return *Weights::from_compact(*compact);
  }());
  return weights;
}

}  // namespace parity::eval
