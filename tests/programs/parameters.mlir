// y = x * weight + bias, both read from parameters of scope "model".
module @params {
  util.global private @weight = #stream.parameter.named<"model"::"weight"> : tensor<4xf32>
  util.global private @bias = #stream.parameter.named<"model"::"bias"> : tensor<4xf32>
  func.func @affine(%x: tensor<4xf32>) -> tensor<4xf32> {
    %w = util.global.load @weight : tensor<4xf32>
    %b = util.global.load @bias : tensor<4xf32>
    %m = arith.mulf %x, %w : tensor<4xf32>
    %y = arith.addf %m, %b : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
