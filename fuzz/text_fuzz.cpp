// libFuzzer target: any bytes read as a text record (fuzz/fuzz_common.hpp).
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  beyt::fuzz::read_and_replay(data, size, beyt::notation::Format::text);
  return 0;
}
