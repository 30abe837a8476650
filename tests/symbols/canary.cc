// Deliberately violates every rule check_symbols.cmake enforces; never linked into anything.
#include <cstdio>
#include <cstdlib>

namespace {

struct StaticCtor {
  StaticCtor() { std::puts("static constructor"); }
};
StaticCtor g_ctor;

}  // namespace

void* lpai_symbols_canary(int n) {
  void* p = std::malloc(static_cast<size_t>(n));
  int* q = new int[4];
  std::printf("%p %p\n", p, static_cast<void*>(q));
  return p;
}
