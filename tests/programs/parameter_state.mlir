// A mutable global initialized from a parameter: each call adds x to it.
module @state {
  util.global private mutable @total = #stream.parameter.named<"model"::"weight"> : tensor<4xf32>
  func.func @accumulate(%x: tensor<4xf32>) -> tensor<4xf32> {
    %t = util.global.load @total : tensor<4xf32>
    %n = arith.addf %t, %x : tensor<4xf32>
    util.global.store %n, @total : tensor<4xf32>
    return %n : tensor<4xf32>
  }
}
