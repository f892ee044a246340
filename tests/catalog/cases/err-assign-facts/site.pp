$facts = { 'x' => 1 }
