// State::undo's storage (lib/src/engine_state.hpp): BlockStack.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace beyt {

/// State::undo's storage: a stack of T in blocks of under 96 KiB each,
/// kept when what they hold is taken back (reused by the next steps).
/// Growing adds a block: nothing kept is copied (a vector's doubling copies
/// it all). The blocks a State gives back (release(), its end) go to a
/// spare list of the thread, up to kSpare of them, which the next State's
/// history takes first: a long history of a large position (Dleb's is
/// 1.7 KB) made and dropped game after game, as a Python playout loop
/// does, then reuses the same memory instead of the kernel's fresh pages
/// (glibc gives a large free block at the heap's top back to the kernel).
/// The spare list holds at most kSpare blocks of each T a thread used.
template <class T>
class BlockStack {
 public:
  /// Entry i, of an index below capacity().
  T& operator[](std::size_t i) noexcept { return (*blocks_[i / kPer])[i % kPer]; }
  const T& operator[](std::size_t i) const noexcept { return (*blocks_[i / kPer])[i % kPer]; }
  std::size_t capacity() const noexcept { return blocks_.size() * kPer; }
  /// One more block (capacity() grows by its entries): a spare one if the
  /// thread has one.
  void grow() {
    std::vector<std::unique_ptr<Block>>* spare = spares();
    if (!spare || spare->empty()) {
      blocks_.push_back(std::make_unique<Block>());
    } else {
      blocks_.push_back(std::move(spare->back()));
      spare->pop_back();
    }
  }
  /// Every block given back (to the thread's spares, up to kSpare; freed
  /// once the thread's spare list is gone, as for a State destroyed after
  /// the thread's thread_local objects: a `static` one at exit).
  void release() noexcept {
    if (std::vector<std::unique_ptr<Block>>* spare = spares()) {
      for (auto& b : blocks_) {
        if (spare->size() >= kSpare) break;
        try {
          spare->push_back(std::move(b));
        } catch (...) {  // no room to keep it: freed with the rest
          break;
        }
      }
    }
    std::vector<std::unique_ptr<Block>>().swap(blocks_);
  }
  BlockStack() = default;
  BlockStack(const BlockStack&) = delete;
  BlockStack& operator=(const BlockStack&) = delete;
  ~BlockStack() { release(); }

 private:
  static constexpr std::size_t kPer = sizeof(T) >= 96 * 1024 ? 1 : 96 * 1024 / sizeof(T);
  static constexpr std::size_t kSpare = 32;
  using Block = std::array<T, kPer>;
  // The thread's spare list, which marks itself gone when the thread's
  // thread_local objects are destroyed (at the thread's end, or for the
  // main thread at exit, before the objects of static storage).
  struct Spares {
    std::vector<std::unique_ptr<Block>> list;
    Spares() = default;
    Spares(const Spares&) = delete;
    Spares& operator=(const Spares&) = delete;
    ~Spares() { gone() = true; }
  };
  // Trivially destructible, so it can still be read after the thread's
  // other thread_local objects are destroyed.
  static bool& gone() noexcept {
    thread_local bool g = false;
    return g;
  }
  // The thread's spare list, or null once it is gone (blocks are then
  // allocated and freed as they are needed).
  static std::vector<std::unique_ptr<Block>>* spares() noexcept {
    if (gone()) return nullptr;
    thread_local Spares spare;
    return &spare.list;
  }
  std::vector<std::unique_ptr<Block>> blocks_;
};

}  // namespace beyt
