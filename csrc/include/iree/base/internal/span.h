// iree::span<T>: a view of |size()| contiguous T at |data()|, as IREE's C++
// helpers (iree/vm/native_module_cc.h and its packing) take them. C++20's
// std::span where the library has it (as IREE), otherwise a class of ours
// with the same members. Nothing in C.
#ifndef IREE_BASE_INTERNAL_SPAN_H_
#define IREE_BASE_INTERNAL_SPAN_H_

#ifdef __cplusplus

#include <cassert>
#include <cstddef>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <type_traits>
#include <utility>

#if defined(__has_include)
#if __cplusplus >= 202002L && __has_include(<span>)
#include <span>
#define IREE_HAVE_STD_SPAN 1
#endif
#endif

namespace iree {

#if defined(IREE_HAVE_STD_SPAN)

template <typename T>
using span = std::span<T>;

#else

// The length subspan() takes for "to the end".
constexpr std::size_t dynamic_extent = std::numeric_limits<std::size_t>::max();

template <typename T>
class span {
  // Containers a span can view: data() converting to T* and an integral size().
  template <typename C>
  using ViewableContainer = std::enable_if_t<
      std::is_convertible<decltype(std::declval<C&>().data()), T*>::value &&
      std::is_integral<decltype(std::declval<C&>().size())>::value>;

 public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = T*;
  using const_pointer = const T*;
  using reference = T&;
  using const_reference = const T&;
  using iterator = T*;
  using const_iterator = const T*;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  constexpr span() noexcept : data_(nullptr), size_(0) {}
  constexpr span(pointer data, size_type size) noexcept
      : data_(data), size_(size) {}
  template <size_type N>
  constexpr span(T (&array)[N]) noexcept : data_(array), size_(N) {}
  // A mutable container gives a mutable view only when asked for by name.
  template <typename C, typename = ViewableContainer<C>,
            typename U = T, std::enable_if_t<!std::is_const<U>::value, int> = 0>
  explicit span(C& container) noexcept
      : data_(container.data()), size_(container.size()) {}
  template <typename C, typename = ViewableContainer<const C>,
            typename U = T, std::enable_if_t<std::is_const<U>::value, int> = 0>
  constexpr span(const C& container) noexcept
      : data_(container.data()), size_(container.size()) {}
  // A braced list, for views of const elements (valid for the full
  // expression the list is in).
  template <typename U = T, std::enable_if_t<std::is_const<U>::value, int> = 0>
  span(std::initializer_list<value_type> list) noexcept
      : data_(list.begin()), size_(list.size()) {}

  constexpr pointer data() const noexcept { return data_; }
  constexpr size_type size() const noexcept { return size_; }
  constexpr size_type length() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }

  constexpr reference operator[](size_type i) const noexcept {
    assert(i < size_);
    return data_[i];
  }
  // Aborts out of range, as IREE's does (no exceptions).
  constexpr reference at(size_type i) const {
    if (i >= size_) std::abort();
    return data_[i];
  }
  constexpr reference front() const noexcept {
    assert(size_ > 0);
    return data_[0];
  }
  constexpr reference back() const noexcept {
    assert(size_ > 0);
    return data_[size_ - 1];
  }

  constexpr iterator begin() const noexcept { return data_; }
  constexpr iterator end() const noexcept { return data_ + size_; }
  constexpr reverse_iterator rbegin() const noexcept {
    return reverse_iterator(end());
  }
  constexpr reverse_iterator rend() const noexcept {
    return reverse_iterator(begin());
  }

  // Views of a part; a start (or length) beyond the end aborts.
  constexpr span subspan(size_type offset = 0,
                         size_type count = dynamic_extent) const {
    if (offset > size_) std::abort();
    size_type rest = size_ - offset;
    return span(data_ + offset, count < rest ? count : rest);
  }
  constexpr span first(size_type count) const {
    if (count > size_) std::abort();
    return span(data_, count);
  }
  constexpr span last(size_type count) const {
    if (count > size_) std::abort();
    return span(data_ + (size_ - count), count);
  }

 private:
  pointer data_;
  size_type size_;
};

#endif  // IREE_HAVE_STD_SPAN

}  // namespace iree

#endif  // __cplusplus

#endif  // IREE_BASE_INTERNAL_SPAN_H_
