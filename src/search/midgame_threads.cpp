#include "parity/search/midgame_threads.hpp"

#include "midgame_split.hpp"
#include "parity/search/endgame.hpp"
#include "tuning.hpp"

namespace parity::search {

namespace {

struct Helper {
  Helper(TranspositionTable& tt, std::shared_ptr<const eval::Weights> weights) : solver(tt), mid(tt, solver, weights) {
    solver.set_weights(std::move(weights));
  }
  Solver solver;
  Midgame mid;
};

}  // namespace

MidgameThreads::MidgameThreads(ThreadPool& threads_pool, int threads, TranspositionTable& tt, std::shared_ptr<const eval::Weights> weights,
                               StopWhen stop, int probcut_t100, bool baseline)
    : split_min_depth_(kMidgameTuning.split_min_depth) {
  using Pool = SplitPool<MidgameSplit, Midgame>;
  pool_ = std::make_unique<Pool>(threads_pool, threads - 1, [this, &tt, weights, stop, probcut_t100, baseline](Pool& pool) {
    auto helper = std::make_shared<Helper>(tt, weights);
    helper->mid.share_threads(pool, *this);
    helper->mid.use_baseline_eval(baseline);
    helper->mid.start(Board::start(), Budget{stop, 0}, probcut_t100);
    helper->mid.publish_nodes(&nodes_);
    return std::shared_ptr<Midgame>(helper, &helper->mid);
  });
}

MidgameThreads::~MidgameThreads() = default;

int MidgameThreads::helpers() const { return pool_->helpers(); }

std::uint64_t MidgameThreads::joined_below() const { return pool_->joined_below(); }

std::uint64_t MidgameThreads::helper_splits() const { return pool_->helper_splits(); }

}  // namespace parity::search
