include gnocchi
