// One export that does nothing, for what an executable says about its
// exports: two constants, two bindings, a workgroup count from a dimension.
hal.executable.source public @reflection {
  hal.executable.export public @reflected ordinal(0)
      layout(#hal.pipeline.layout<constants = 2, bindings = [
        #hal.pipeline.binding<storage_buffer>,
        #hal.pipeline.binding<storage_buffer>
      ]>)
      count(%device: !hal.device, %n: index) -> (index, index, index) {
    hal.return %n, %n, %n : index, index, index
  }
  builtin.module {
    func.func @reflected() {
      return
    }
  }
}
