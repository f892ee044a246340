$n = assert_type(Variant[String, Integer], 3.5)
