// What the application above a sender offers it: how many bytes exist to send, and
// whether a new segment may leave now (a token bucket says no until it has tokens).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "sim/time.h"

namespace plab {

class DataSource {
 public:
  virtual ~DataSource() = default;
  // Total bytes the application will ever send (max() = unlimited).
  virtual uint64_t total_bytes() const = 0;
  // May a new (not retransmitted) segment of `bytes` leave now? If so it is
  // accounted as sent. If not, `retry_at` says when to ask again.
  virtual bool TrySendNew(Time now, uint32_t bytes, Time* retry_at) = 0;
  // Would TrySendNew succeed now? Changes nothing.
  virtual bool CanSendNew(Time now, uint32_t bytes) const = 0;
  // The earliest time TrySendNew could succeed for `bytes` (now if it can already).
  virtual Time ReadyAt(Time now, uint32_t bytes) const = 0;
  // The application closes: it offers nothing beyond `at_bytes` (a flow's stop time).
  virtual void Close(uint64_t at_bytes) = 0;
};

// Bulk transfer: `total` bytes (default unlimited), always ready.
class BulkSource final : public DataSource {
 public:
  explicit BulkSource(uint64_t total = std::numeric_limits<uint64_t>::max()) : total_(total) {}
  uint64_t total_bytes() const override { return total_; }
  bool TrySendNew(Time, uint32_t, Time*) override { return true; }
  bool CanSendNew(Time, uint32_t) const override { return true; }
  Time ReadyAt(Time now, uint32_t) const override { return now; }
  void Close(uint64_t at_bytes) override { total_ = std::min(total_, at_bytes); }
  // A new transfer of `total` bytes (a web user's next response).
  void Reset(uint64_t total) { total_ = total; }

 private:
  uint64_t total_;
};

}  // namespace plab
