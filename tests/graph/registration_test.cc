// Memory registration: one handle per buffer, each error its own Status, handles bound to a
// graph cannot be deregistered, context free ends handles.
#include "graph_fixture.h"

namespace lpai_graph_test {
namespace {

class Registration : public RuntimeTest {
 protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    open(copy_graph(true, 64));
  }
  static rt::MemRequest custom(void* buf, uint64_t size, uint64_t shape_bytes) {
    rt::MemRequest r{};
    r.kind = rt::MemKind::kCustom;
    r.buffer = buf;
    r.buffer_size = size;
    r.shape_bytes = shape_bytes;
    return r;
  }
  lpai::host::AlignedBytes buf_{8192, 4096};
};

TEST_F(Registration, RegisterAndDeregister) {
  rt::MemRequest r[2] = {custom(buf_.data(), 64, 64), custom(buf_.data() + 64, 64, 64)};
  rt::Handle h[2] = {};
  ASSERT_EQ(rt::mem_register(context_, r, 2, h), Status::kOk);
  EXPECT_NE(h[0], rt::kNullHandle);
  EXPECT_NE(h[0], h[1]);
  EXPECT_EQ(rt::mem_live_count(), 2u);
  EXPECT_EQ(rt::mem_deregister(h, 2), Status::kOk);
  EXPECT_EQ(rt::mem_live_count(), 0u);
}

TEST_F(Registration, SameBufferTwiceIsRejected) {
  rt::MemRequest r = custom(buf_.data(), 64, 64);
  rt::Handle h;
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kOk);
  rt::Handle h2 = rt::kNullHandle;
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h2), Status::kMemAlreadyRegistered);
  EXPECT_EQ(h2, rt::kNullHandle);
  // Twice inside one batch: nothing is registered.
  rt::MemRequest batch[2] = {custom(buf_.data() + 128, 64, 64), custom(buf_.data() + 128, 64, 64)};
  rt::Handle hb[2];
  EXPECT_EQ(rt::mem_register(context_, batch, 2, hb), Status::kMemAlreadyRegistered);
  EXPECT_EQ(rt::mem_live_count(), 1u);
  // Once deregistered, the buffer may be registered again (new handle).
  ASSERT_EQ(rt::mem_deregister(&h, 1), Status::kOk);
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &h2), Status::kOk);
  EXPECT_NE(h2, h);
}

TEST_F(Registration, DeregisterUnknownOrTwice) {
  rt::MemRequest r = custom(buf_.data(), 64, 64);
  rt::Handle h;
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kOk);
  ASSERT_EQ(rt::mem_deregister(&h, 1), Status::kOk);
  EXPECT_EQ(rt::mem_deregister(&h, 1), Status::kMemInvalidHandle);
  const rt::Handle junk[3] = {0, 0x1234, context_};
  for (rt::Handle j : junk) EXPECT_EQ(rt::mem_deregister(&j, 1), Status::kMemInvalidHandle);
  // A batch with one bad handle deregisters nothing.
  rt::Handle good;
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &good), Status::kOk);
  rt::Handle pair[2] = {good, h};
  EXPECT_EQ(rt::mem_deregister(pair, 2), Status::kMemInvalidHandle);
  EXPECT_EQ(rt::mem_live_count(), 1u);
  rt::Handle dup[2] = {good, good};
  EXPECT_EQ(rt::mem_deregister(dup, 2), Status::kMemInvalidHandle);
  EXPECT_EQ(rt::mem_live_count(), 1u);
  EXPECT_EQ(rt::mem_deregister(nullptr, 1), Status::kMemInvalidArgument);
  EXPECT_EQ(rt::mem_deregister(&good, 0), Status::kMemInvalidArgument);
}

TEST_F(Registration, MisalignedOrTooSmallBuffers) {
  rt::Handle h;
  rt::MemRequest r = custom(buf_.data() + 32, 64, 64);  // backend start alignment is 64
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kMemInvalidShapeOrAlignment);
  r = custom(buf_.data(), 63, 64);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kMemInvalidShapeOrAlignment);
  ASSERT_EQ(lpai_hal_host_set_alignment(32, 32), 0);
  r = custom(buf_.data() + 32, 64, 64);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kOk);
}

TEST_F(Registration, InvalidArguments) {
  rt::Handle h;
  rt::MemRequest r = custom(nullptr, 64, 64);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kMemInvalidArgument);
  r = custom(buf_.data(), 64, 0);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kMemInvalidArgument);
  r = custom(buf_.data(), 64, 64);
  EXPECT_EQ(rt::mem_register(context_, &r, 0, &h), Status::kMemInvalidArgument);
  EXPECT_EQ(rt::mem_register(context_, nullptr, 1, &h), Status::kMemInvalidArgument);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, nullptr), Status::kMemInvalidArgument);
  EXPECT_EQ(rt::mem_register(graph_, &r, 1, &h), Status::kContextInvalidHandle);
  r.kind = static_cast<rt::MemKind>(7);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kMemUnsupportedMemType);
  EXPECT_EQ(rt::mem_live_count(), 0u);
}

TEST_F(Registration, SharedFdsResolveThroughTheHal) {
  int32_t fd = -1;
  void* p = lpai_hal_host_shared_alloc(128, 64, &fd);
  ASSERT_NE(p, nullptr);
  rt::MemRequest r{};
  r.kind = rt::MemKind::kShared;
  r.fd = fd;
  r.shape_bytes = 128;
  rt::Handle h;
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kOk);
  rt::Handle h2;
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h2), Status::kMemAlreadyRegistered);
  r.shape_bytes = 256;  // larger than the shared buffer
  EXPECT_EQ(rt::mem_deregister(&h, 1), Status::kOk);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h2), Status::kMemInvalidShapeOrAlignment);
  r.shape_bytes = 128;
  r.fd = 4242;  // no such buffer
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h2), Status::kMemMapping);
  lpai_hal_host_shared_free(p);
}

TEST_F(Registration, TableIsBounded) {
  std::vector<rt::Handle> handles(rt::kMaxMemHandles);
  for (uint32_t i = 0; i < rt::kMaxMemHandles; ++i) {
    rt::MemRequest r = custom(buf_.data() + 64 * i, 64, 64);
    ASSERT_EQ(rt::mem_register(context_, &r, 1, &handles[i]), Status::kOk) << i;
  }
  rt::MemRequest r = custom(buf_.data() + 64 * rt::kMaxMemHandles, 64, 64);
  rt::Handle h;
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kMemTableFull);
  ASSERT_EQ(rt::mem_deregister(&handles[rt::kMaxMemHandles - 1], 1), Status::kOk);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kOk);
}

TEST_F(Registration, HandleBoundToAGraphCannotBeDeregistered) {
  ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);
  rt::MemRequest r[2] = {custom(buf_.data(), 64, 64), custom(buf_.data() + 64, 64, 64)};
  rt::Handle h[2];
  ASSERT_EQ(rt::mem_register(context_, r, 2, h), Status::kOk);
  rt::IoTensor i = memhandle(0, h[0]), o = memhandle(1, h[1]);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(rt::mem_deregister(&h[0], 1), Status::kMemHandleInUse);
  EXPECT_EQ(rt::mem_deregister(&h[1], 1), Status::kMemHandleInUse);
  EXPECT_EQ(rt::mem_live_count(), 2u);

  // Executing with RAW buffers rebinds the slots: the handles become free to go.
  lpai::host::AlignedBytes rin(64, 64), rout(64, 64);
  rt::IoTensor ri = raw(0, rin.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &ri, 1, &o, 1), Status::kOk);
  EXPECT_EQ(rt::mem_deregister(&h[0], 1), Status::kOk);
  EXPECT_EQ(rt::mem_deregister(&h[1], 1), Status::kMemHandleInUse);
  ASSERT_EQ(rt::graph_release_io(graph_), Status::kOk);
  EXPECT_EQ(rt::mem_deregister(&h[1], 1), Status::kOk);
}

TEST_F(Registration, ContextFreeEndsItsHandles) {
  rt::MemRequest r = custom(buf_.data(), 64, 64);
  rt::Handle h;
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kOk);
  ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);
  rt::IoTensor i = memhandle(0, h);
  lpai::host::AlignedBytes rout(64, 64);
  rt::IoTensor o = raw(1, rout.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  ASSERT_EQ(rt::context_free(context_), Status::kOk);
  EXPECT_EQ(rt::mem_live_count(), 0u);
  EXPECT_EQ(rt::mem_deregister(&h, 1), Status::kMemInvalidHandle);
  // The buffer is free to be registered on a new context.
  const std::vector<uint8_t> bin = copy_graph(true, 64);
  ASSERT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig,
                               &context_),
            Status::kOk);
  EXPECT_EQ(rt::mem_register(context_, &r, 1, &h), Status::kOk);
}

}  // namespace
}  // namespace lpai_graph_test
