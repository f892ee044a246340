include erbraise
