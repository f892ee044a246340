type Mytypes::Endpoint = Struct[{ host => String[1], port => Mytypes::Port }]
