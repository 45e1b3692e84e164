// The program side of tests/c_programs/custom_string_module.cc, in the shape
// of IREE's custom_module/basic sample: imports of a native C++ module that
// adds a ref type of its own, !custom.message. Compiled host-only.
module @strings {
  func.func private @custom.message.create(!util.buffer) -> !custom.message
  func.func private @custom.message.length(!custom.message) -> index attributes {
    vm.signature = (!vm.ref<!custom.message>) -> i64
  }
  func.func private @custom.message.print(!custom.message)
  func.func private @custom.message.repeat(!custom.message, i32) -> !custom.message

  // Prints "ireec", then it three times, and returns the length of that.
  func.func @main() -> index {
    %data = util.buffer.constant : !util.buffer = "ireec"
    %message = call @custom.message.create(%data) : (!util.buffer) -> !custom.message
    call @custom.message.print(%message) : (!custom.message) -> ()
    %three = arith.constant 3 : i32
    %repeated = call @custom.message.repeat(%message, %three) : (!custom.message, i32) -> !custom.message
    call @custom.message.print(%repeated) : (!custom.message) -> ()
    %length = call @custom.message.length(%repeated) : (!custom.message) -> index
    return %length : index
  }
}
