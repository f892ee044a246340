include layered
