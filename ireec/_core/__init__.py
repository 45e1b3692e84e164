"""What the rest of ireec stands on, importing none of its areas: loading the
runtime and the extensions (`library`), statuses raised as exceptions
(`status`, over the extension's one converter), the Handle base of every
wrapper and `use`, the one way its pointer reaches IREE (`handle`), Python
functions IREE calls (`callbacks`), fork and exit handling (`fork`,
`exiting`), the process's VM instance (`vm_instance`), and the conversions
every area uses (`strings`, `validate`, `flatbuffer`)."""
