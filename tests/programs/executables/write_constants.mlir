// Stores the dispatch's four uint32 constants into binding 0, in order.
#layout = #hal.pipeline.layout<constants = 4, bindings = [
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @constants {
  hal.executable.export public @write_constants ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  } attributes {workgroup_size = [1 : index, 1 : index, 1 : index]}
  builtin.module {
    func.func @write_constants() {
      %out = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %k0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %k1 = hal.interface.constant.load layout(#layout) ordinal(1) : i32
      %k2 = hal.interface.constant.load layout(#layout) ordinal(2) : i32
      %k3 = hal.interface.constant.load layout(#layout) ordinal(3) : i32
      memref.store %k0, %out[%c0] : memref<4xi32>
      memref.store %k1, %out[%c1] : memref<4xi32>
      memref.store %k2, %out[%c2] : memref<4xi32>
      memref.store %k3, %out[%c3] : memref<4xi32>
      return
    }
  }
}
